/**
 * The public entry of the runtime: the only module generated code imports (as `svc-gateway/runtime`).
 */
export * from './values/index.js'
export * from './errors/index.js'
export * from './log/index.js'
export * from './flow/index.js'
export * from './oxn/index.js'
export * from './xpath/index.js'
export * from './router/index.js'
export * from './server/index.js'
export type * from './app.js'
