// runtime/health: the operations switches, metrics and status document behind the reserved endpoints of stage PL2 (operations.md HL1-HL4), which runtime/server answers.
export { renderStatusDocument, type StatusFacts } from './status-document.js'
export { GatewayOperations } from './operations.js'
