export * from './json-value.js'
export * from './content.js'
export * from './item.js'
