// runtime/server: HTTP server and request pipeline (definition.md PL1-PL19). Public exports are added here.
export { createGateway, Gateway, type GatewayOptions, type ListeningAddress } from './gateway.js'
export { loadServerConfig, ConfigError, type ServerConfig, type Environment, type UidFormat } from '../http/config.js'
export { renderBody, type RenderedBody } from '../http/render-body.js'
export { answerReservedEndpoint, METRICS_PATH, STATUS_PATH, type ReservedEndpoint } from './reserved-endpoints.js'
export { beginExchange, debugBody, endExchange, noteRoute, startFlowDebugging } from './exchange-hooks.js'
export { answerWithMock, MOCK_FLOW } from './mock-response.js'
