/** The reserved endpoints of stage PL2 (operations.md HL1-HL6); runtime/server/reserved-endpoints.ts answers them. */
export type ReservedEndpoint = 'health' | 'ready' | 'status' | 'metrics'
