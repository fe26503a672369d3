// runtime/debug: debug configurations, the `Debug` header, sinks and masking (operations.md DB1-DB10).
export { DEBUG_LEVELS, LEVEL_RANK, parseDebugLevel } from './levels.js'
export { DEFAULT_DEBUG_CONFIG, parseDebugConfig, type DebugConfig, type DebugSink } from './config.js'
export { createDebugSettings, type DebugSettings } from './settings.js'
export { DebugSession } from './session.js'
export { startRequestDebugging } from './request-debug.js'
export { MASK, isSecretHeader, isSecretName, maskData, maskHeaderValue } from './mask.js'
export * from './flow-debug.js'
