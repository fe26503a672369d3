// runtime/health: the reserved endpoints of stage PL2 (operations.md HL1-HL4).
export { answerReservedEndpoint, METRICS_PATH, STATUS_PATH, type ReservedEndpoint } from './reserved-endpoints.js'
export { renderStatusDocument, type StatusFacts } from './status-document.js'
export { GatewayOperations } from './operations.js'
export { beginExchange, debugBody, endExchange, noteRoute, startFlowDebugging } from './exchange-hooks.js'
