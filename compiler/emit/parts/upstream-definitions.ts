/**
 * The `upstreamDefinitions` app part (upstream.md UP-VAL-1, UP-MOCK-1; validation.md VA31, VA39-VA42):
 * one module per upstream definition, `src/upstream/<name>.ts`, exporting its UpstreamDefinition
 * (route table, validation plan with credentials, `200` examples) with its ajv standalone validators
 * beside it (`<name>-validators.js` and `.d.ts`), compiled now like the definition's own; and
 * `src/upstream-definitions.ts`, the table by site-relative path that `definition` options are looked
 * up in at run time, listing also the site files that failed to compile (error 3211).
 */
import type { DefinitionNode } from '../../ir/definition.js'
import type { UpstreamDefinitions } from '../../ir/upstream.js'
import type { AppPart, PartModule } from '../app-part.js'
import { Code, identifier, importCode, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { buildPlanData } from '../plan-data.js'
import { emitUpstreamDefinition, emitValidatorModules, type ValidationModuleNames } from '../validators.js'
import { mockTableCode } from './mocks.js'

/** The constant every upstream module exports. */
const CONSTANT = 'UPSTREAM_DEFINITION'

interface UpstreamModule {
  readonly path: string
  readonly definition: DefinitionNode
  readonly names: ValidationModuleNames
}

/** Module names from the site paths, in path order: `contracts/users-v4.yaml` -> `upstream/contracts-users-v4.ts`. */
function upstreamModules(upstream: UpstreamDefinitions): UpstreamModule[] {
  const used = new Set<string>()
  const out: UpstreamModule[] = []
  for (const [path, definition] of upstream.definitions) {
    const wanted =
      path
        .replace(/\.[A-Za-z]+$/, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase() || 'definition'
    let name = wanted
    for (let n = 2; used.has(name); n++) name = `${wanted}-${n}`
    used.add(name)
    out.push({
      path,
      definition,
      names: { module: `upstream/${name}.ts`, constant: CONSTANT, validators: `upstream/${name}-validators` },
    })
  }
  return out
}

function emitTable(upstream: UpstreamDefinitions, ctx: EmitContext): Code {
  const modules = upstreamModules(upstream)
  const imports = modules.map((m, i) =>
    importCode(
      js`{ ${identifier(CONSTANT)} as ${identifier(`UPSTREAM_${i + 1}`)} }`,
      `./${m.names.module.replace(/\.ts$/, '.js')}`,
    ),
  )
  const entries = modules.map((m, i) => js`  [${lit(m.path)}, ${identifier(`UPSTREAM_${i + 1}`)}],`)
  const invalid = [...upstream.invalid].map(([path, reason]) => js`  [${lit(path)}, ${lit(reason)}],`)
  const list = (items: Code[]) => (items.length === 0 ? js`[]` : js`[\n${joinCode(items, '\n')}\n]`)
  const call = invalid.length === 0 ? js`${list(entries)}` : js`${list(entries)}, ${list(invalid)}`
  const declaration = js`/** The upstream definitions by site-relative path (upstream.md UP-VAL-1), read by runtime/upstream. */
export const UPSTREAM_DEFINITIONS: ${ctx.runtimeType('UpstreamDefinitionTable')} = ${ctx.runtime('createUpstreamDefinitionTable')}(${call})
`
  return imports.length === 0 ? declaration : js`${joinCode(imports, '\n')}\n\n${declaration}`
}

function partModules(upstream: UpstreamDefinitions): PartModule[] {
  return upstreamModules(upstream).map(({ path, definition, names }) => {
    const data = buildPlanData(definition, { credentials: true })
    return {
      module: names.module,
      source: path,
      emit: (ctx: EmitContext) => emitUpstreamDefinition(definition, data, ctx, names, mockTableCode(definition, ctx)),
      companions: emitValidatorModules(definition, data, names),
    }
  })
}

function used(upstream: UpstreamDefinitions | undefined): upstream is UpstreamDefinitions {
  return upstream !== undefined && (upstream.definitions.size > 0 || upstream.invalid.size > 0)
}

export const UPSTREAM_DEFINITIONS_PART: AppPart = {
  field: 'upstreamDefinitions',
  module: 'upstream-definitions.ts',
  constant: 'UPSTREAM_DEFINITIONS',
  emit: ({ upstream }, ctx) => (used(upstream) ? emitTable(upstream, ctx) : null),
  modules: ({ upstream }) => (used(upstream) ? partModules(upstream) : []),
}
