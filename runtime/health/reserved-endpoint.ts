/** The reserved endpoints of stage PL2 (operations.md HL1-HL3); runtime/server/reserved-endpoints.ts answers them. */
export type ReservedEndpoint = 'health' | 'status' | 'metrics'
