export * from './completion.js'
export * from './variables.js'
export * from './response.js'
export * from './context.js'
