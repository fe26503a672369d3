/**
 * Builds the segment trie of the compiled routes once, at module load of the generated
 * `src/routes.ts` (definition.md section 5). Non-wildcard routes hang at the node of their last
 * segment; wildcard routes at the node of their literal prefix (P3 keeps parameters out of
 * wildcard prefixes), so matching walks the request's segments instead of scanning all patterns.
 * Routes made of literal segments only are also kept by their path text with the match they give,
 * so the usual request to such a route is one lookup, without splitting or allocating.
 */
import type { Handler } from '../context/handler.js'
import type { RouteEntry, RouteMatch, RouteSpec, RouteTable } from './types.js'

/** Methods in the order of definition.md MA2 (the `Allow` header order). */
export const ALLOW_ORDER: readonly string[] = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH']

/** One node of the trie: the routes reachable after consuming the segments on the way here. */
export interface TrieNode {
  readonly literal: Map<string, TrieNode>
  /** Child for a `{param}` segment (one non-empty segment, P12). */
  param: TrieNode | null
  /** Route whose pattern ends exactly here. */
  exact: RouteEntry | null
  /** Wildcard route whose prefix ends here (`<prefix>/**`). */
  wildcard: RouteEntry | null
}

/** The table behind the opaque `RouteTable`. */
export interface CompiledRouteTable extends RouteTable {
  readonly root: TrieNode
  readonly routes: readonly RouteEntry[]
  /**
   * Non-wildcard routes of literal segments only, by their path (`/a/b`), with their match: a raw
   * path without `%` equal to it decodes to the same segments, and an all-literal route is the
   * first P14 match of its own segments.
   */
  readonly literalPaths: ReadonlyMap<string, RouteMatch>
}

function newNode(): TrieNode {
  return { literal: new Map(), param: null, exact: null, wildcard: null }
}

function entryOf(spec: RouteSpec): RouteEntry {
  const operations = spec.operations === null ? null : new Map<string, Handler | null>(spec.operations)
  const methods = operations === null ? [] : [...operations.keys()]
  methods.sort((a, b) => rank(a) - rank(b))
  const paramNames = spec.segments.flatMap((s) => (typeof s === 'string' ? [] : [s.param]))
  return Object.freeze({
    pattern: spec.pattern,
    operations,
    handler: spec.handler,
    allow: methods.join(', '),
    wildcard: spec.wildcard,
    paramNames: Object.freeze(paramNames),
  })
}

const NO_PARAMS: readonly (readonly [string, string])[] = Object.freeze([])

/** `/a/b` for a non-wildcard route of literal segments that a raw path can spell as they are, else null. */
function literalPathOf(spec: RouteSpec): string | null {
  if (spec.wildcard) return null
  let path = ''
  for (const segment of spec.segments) {
    if (typeof segment !== 'string' || segment.includes('/') || segment.includes('%')) return null
    path += `/${segment}`
  }
  return path === '' ? null : path
}

function rank(method: string): number {
  const i = ALLOW_ORDER.indexOf(method)
  return i === -1 ? ALLOW_ORDER.length : i
}

/**
 * Builds the table from the plain route data of the generated code. The compiler has already
 * rejected equivalent patterns (P15, CC6); a duplicate here is a bug in the caller.
 */
export function createRouteTable(routes: readonly RouteSpec[]): RouteTable {
  const root = newNode()
  const entries: RouteEntry[] = []
  const literalPaths = new Map<string, RouteMatch>()
  for (const spec of routes) {
    const entry = entryOf(spec)
    const literalPath = literalPathOf(spec)
    if (literalPath !== null)
      literalPaths.set(literalPath, Object.freeze({ route: entry, params: NO_PARAMS, wildcardPrefixSegments: null }))
    let node = root
    for (const segment of spec.segments) {
      if (typeof segment === 'string') {
        let next = node.literal.get(segment)
        if (!next) node.literal.set(segment, (next = newNode()))
        node = next
      } else {
        node = node.param ??= newNode()
      }
    }
    const slot = spec.wildcard ? 'wildcard' : 'exact'
    if (node[slot] !== null) throw new Error(`route table: pattern ${spec.pattern} duplicates ${node[slot].pattern}`)
    node[slot] = entry
    entries.push(entry)
  }
  const table: CompiledRouteTable = { kind: 'route-table', root, routes: Object.freeze(entries), literalPaths }
  return Object.freeze(table)
}

/** The routes of a table in definition order (for listings and tests). */
export function routesOf(table: RouteTable): readonly RouteEntry[] {
  return (table as CompiledRouteTable).routes
}
