export * from './codes.js'
export * from './raised-error.js'
