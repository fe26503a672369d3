export * from './logger.js'
export * from './alert.js'
export * from './system.js'
export * from './stderr-sink.js'
