/**
 * Loading the definition (definition.md sections 1-8 and 12): Swagger 2.0 YAML/JSON -> `DefinitionNode`.
 */
export { loadDefinition } from './load.js'
export { parsePathPattern, shapeKey, type ParsedPattern } from './path-pattern.js'
export { EXTENSION_LEVELS } from './extensions.js'
