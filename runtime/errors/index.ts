export * from './codes.js'
export * from './raised-error.js'
export * from './error-document.js'
