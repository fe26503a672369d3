/**
 * The `paths` object and its path items (definition.md D4, D11, D13, D15, D17, CC4-CC6, CC11):
 * keys are path patterns or extensions; a path item may be null, inline, or taken from a `$ref`
 * (its own keys then override the referenced ones); operation keys are the lower-case methods.
 */
import { lineColOf, type Loc } from '../diagnostics/source.js'
import {
  OPERATION_METHODS,
  type OperationMethod,
  type RateLimitNode,
  type SecurityRequirementNode,
  type ValidateSettingNode,
} from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { escapePointer, type MapEntry, type MapNode, valueOf } from './doc-node.js'
import { checkExtensions } from './extensions.js'
import { type LevelHandler, loadLevelHandler } from './handler-level.js'
import { loadOperation, type OperationDraft } from './operation-object.js'
import { loadParameterList, type WrittenParameter } from './parameter-object.js'
import { type ParsedPattern, parsePathPattern, shapeKey } from './path-pattern.js'
import { loadRateLimit } from './rate-limit.js'
import { memberPointer } from './schema-object.js'
import { loadSecurityRequirement } from './security-requirement.js'
import type { SchemeSummary } from './security-scheme.js'
import { loadValidateSetting } from './validate-setting.js'

const METHOD_KEYS = OPERATION_METHODS.map((m) => m.toLowerCase())
const PATH_ITEM_KEYS = new Set(['parameters', '$ref', 'security', 'summary', 'description'])

export interface RouteDraft {
  readonly pattern: string
  readonly loc: Loc
  readonly parsed: ParsedPattern
  readonly handler: LevelHandler
  /** In MA2 order; null when the item lists no operations (D4, D15). */
  readonly operations: readonly OperationDraft[] | null
  readonly parameters: readonly WrittenParameter[]
  readonly security: SecurityRequirementNode | null
  readonly validate: ValidateSettingNode | null
  readonly rateLimit: RateLimitNode | null
}

export interface PathsDraft {
  readonly routes: readonly RouteDraft[]
  /** `x-svc-flow` / `x-svc-proxy` directly in `paths`: the fallback (H3, PX8). */
  readonly fallback: LevelHandler
}

export function loadPaths(node: MapNode, schemes: ReadonlyMap<string, SchemeSummary>, ctx: LoadContext): PathsDraft {
  const scan = checkExtensions(node, 'paths', ctx)
  const fallback = loadLevelHandler(node, scan, ctx)
  const routes: RouteDraft[] = []
  const shapes = new Map<string, RouteDraft>()
  for (const entry of node.entries) {
    if (entry.key.startsWith('x-')) continue
    const parsed = parsePathPattern(entry.key)
    if (typeof parsed === 'string') {
      ctx.error('path/invalid-pattern', entry.keyLoc, `path ${JSON.stringify(entry.key)}: ${parsed}`)
      // the item's own problems are independent of its key (CC24); it does not become a route
      loadPathItem(entry, null, schemes, ctx)
      continue
    }
    const route = loadPathItem(entry, parsed, schemes, ctx)
    if (route === null) continue
    const shape = shapeKey(parsed)
    const earlier = shapes.get(shape)
    if (earlier !== undefined) {
      const line = lineColOf(earlier.loc.file, earlier.loc.start).line
      ctx.error(
        'path/equivalent-patterns',
        entry.keyLoc,
        `path ${JSON.stringify(entry.key)} is equivalent to ${JSON.stringify(earlier.pattern)} (line ${line})`,
      )
      continue
    }
    shapes.set(shape, route)
    routes.push(route)
  }
  return { routes, fallback }
}

/** The entries of a path item with where each is written (for pointers into `$ref`'d files). */
interface ItemEntry {
  readonly entry: MapEntry
  readonly pointer: string
}

/** The item's entries; `broken` when its `$ref` could not be used (reported). */
function itemEntries(entry: MapEntry, ctx: LoadContext): { entries: ItemEntry[]; broken: boolean } | null {
  const local = `/paths/${escapePointer(entry.key)}`
  const value = entry.value
  if (value.kind === 'scalar' && value.value === null) return { entries: [], broken: false } // D15
  if (value.kind !== 'map') {
    ctx.error('definition/invalid-path-item', value.loc, `path item ${JSON.stringify(entry.key)} must be an object`)
    return null
  }
  const ref = valueOf(value, '$ref')
  const own = value.entries
    .filter((e) => e.key !== '$ref')
    .map((e) => ({ entry: e, pointer: memberPointer(local, e.key) }))
  if (ref === undefined) return { entries: own, broken: false }
  if (ref.kind !== 'scalar' || typeof ref.value !== 'string') {
    ctx.error('definition/invalid-ref', ref.loc, '$ref must be a string')
    return { entries: own, broken: true }
  }
  const target = ctx.store.resolve(ref, ref.loc.file)
  if (target === undefined) return { entries: own, broken: true }
  if (target.node.kind !== 'map') {
    ctx.error(
      'definition/invalid-path-item',
      ref.loc,
      `$ref ${JSON.stringify(ref.text)} does not name a path item object`,
    )
    return { entries: own, broken: true }
  }
  const ownKeys = new Set(own.map((e) => e.entry.key))
  const referenced = target.node.entries
    .filter((e) => e.key !== '$ref' && !ownKeys.has(e.key))
    .map((e) => ({ entry: e, pointer: memberPointer(target.pointer, e.key) }))
  return { entries: [...referenced, ...own], broken: false }
}

function loadPathItem(
  entry: MapEntry,
  parsed: ParsedPattern | null,
  schemes: ReadonlyMap<string, SchemeSummary>,
  ctx: LoadContext,
): RouteDraft | null {
  const loaded = itemEntries(entry, ctx)
  if (loaded === null) return null
  const entries = loaded.entries
  const item: MapNode = { kind: 'map', loc: entry.value.loc, entries: entries.map((e) => e.entry) }
  const scan = checkExtensions(item, 'path', ctx)
  // the path-level handler first: flow references are recorded in document order
  // a path item whose $ref failed may have held the handler: no CC19 warning on top of CC12
  const handler = loadLevelHandler(item, scan, ctx) ?? (loaded.broken ? { kind: 'invalid' } : null)
  const pathParams =
    parsed === null ? null : new Set(parsed.segments.flatMap((s) => (s.kind === 'param' ? [s.name] : [])))
  const scope = { pattern: entry.key, pathParams }

  let parameters: WrittenParameter[] = []
  let security: SecurityRequirementNode | null = null
  const byMethod = new Map<OperationMethod, OperationDraft>()
  for (const { entry: member, pointer } of entries) {
    const key = member.key
    if (key.startsWith('x-')) continue
    const methodIndex = METHOD_KEYS.indexOf(key)
    if (methodIndex !== -1) {
      const method = OPERATION_METHODS[methodIndex]!
      byMethod.set(method, loadOperation(method, member.keyLoc, member.value, pointer, scope, schemes, ctx))
    } else if (key === 'parameters') {
      parameters = loadParameterList(member.value, pointer, scope, ctx)
    } else if (key === 'security') {
      security = loadSecurityRequirement(member.value, schemes, ctx)
    } else if (!PATH_ITEM_KEYS.has(key)) {
      ctx.error(
        'definition/unknown-operation',
        member.keyLoc,
        `unknown operation ${JSON.stringify(key)}; expected one of ${METHOD_KEYS.join(', ')}`,
      )
    }
  }
  const validateNode = scan.recognized.has('x-svc-validate') ? valueOf(item, 'x-svc-validate') : undefined
  const validate = validateNode === undefined ? null : loadValidateSetting(validateNode, ctx)
  const rateLimitNode = scan.recognized.has('x-svc-rate-limit') ? valueOf(item, 'x-svc-rate-limit') : undefined
  const rateLimit = rateLimitNode === undefined ? null : loadRateLimit(rateLimitNode, ctx)
  if (parsed === null) return null
  return {
    pattern: entry.key,
    loc: entry.keyLoc,
    parsed,
    handler,
    operations:
      byMethod.size === 0 ? null : OPERATION_METHODS.flatMap((m) => (byMethod.has(m) ? [byMethod.get(m)!] : [])),
    parameters,
    security,
    validate,
    rateLimit,
  }
}
