/**
 * The shape of an app part (compiler/emit/app-parts.ts): what a feature area contributes to the
 * compiled app. Kept apart from the APP_PARTS registry so that the parts import it without importing
 * the registry that lists them.
 */
import type { DefinitionNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import type { UpstreamDefinitions } from '../ir/upstream.js'
import type { Code } from './code.js'
import type { EmitContext } from './context.js'

export interface AppPartInput {
  readonly definition: DefinitionNode
  readonly flows: ReadonlyMap<string, FlowNode>
  /** Upstream definitions loaded for upstream validation and mocking (compiler/upstream/definitions.ts). */
  readonly upstream?: UpstreamDefinitions
}

/** A further generated module of a part, with its own EmitContext (imports and constants). */
export interface PartModule {
  /** Path relative to `src/`, e.g. `upstream/users.ts`. */
  readonly module: string
  /** The site-relative file it is generated from, for its header; default: the definition. */
  readonly source?: string
  emit(ctx: EmitContext): Code
  /** Plain modules it imports (path relative to `src/` -> text). */
  readonly companions?: ReadonlyMap<string, string>
}

export interface AppPart {
  /** The CompiledApp field the constant is assigned to, e.g. `cors`. */
  readonly field: string
  /** Module path relative to `src/`, e.g. `cors.ts`. */
  readonly module: string
  /** Name of the exported constant, e.g. `CORS`. */
  readonly constant: string
  /** The module body (it must `export const <constant>`), or null when the feature is unused. */
  emit(input: AppPartInput, ctx: EmitContext): Code | null
  /**
   * Further modules the part's module imports (path relative to `src/` -> text), e.g. plain JavaScript
   * with its `.d.ts`; asked for only when `emit` returned a module.
   */
  companions?(input: AppPartInput): ReadonlyMap<string, string>
  /** Further TypeScript modules the part's module imports; asked for only when `emit` returned a module. */
  modules?(input: AppPartInput): readonly PartModule[]
}
