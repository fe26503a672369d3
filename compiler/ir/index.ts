export type { Loc, SourceFile } from '../diagnostics/source.js'
export * from './definition.js'
export * from './flow.js'
export * from './xpath.js'
