// runtime/server: HTTP server and request pipeline (definition.md PL1-PL19). Public exports are added here.
export { startServer, type StartOptions, type RunningServer } from './start-server.js'
export { createGateway, Gateway, type GatewayOptions, type ListeningAddress } from './gateway.js'
export { loadServerConfig, ConfigError, type ServerConfig, type Environment, type UidFormat } from './config.js'
export { renderBody, type RenderedBody } from './render-body.js'
