export * from './logger.js'
