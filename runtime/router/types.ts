/**
 * The compiled routing table (definition.md section 5). Built at compile time by
 * compiler/emit/routes; matched per request by runtime/router without scanning all paths.
 * The router stage owns the details of these types.
 */
import type { Handler } from '../app.js'

export interface RouteEntry {
  /** The path pattern as written in the definition, e.g. `/foo/{p1}`. */
  readonly pattern: string
  /** Handlers by upper-case method; null when the route lists no operations (P4). */
  readonly operations: ReadonlyMap<string, Handler | null> | null
  /** Handler for a route without operations (any method). */
  readonly handler: Handler | null
  /** Allowed methods as sent in `Allow` (MA2 order, joined by `, `). */
  readonly allow: string
}

export interface RouteMatch {
  readonly route: RouteEntry
  /** Path parameters, percent-decoded (P10), in pattern order. */
  readonly params: readonly (readonly [string, string])[]
  /** For a wildcard route: how many raw segments of the relative path precede the wildcard (R8). */
  readonly wildcardPrefixSegments: number | null
}

/** Opaque to callers; produced by generated code. */
export interface RouteTable {
  readonly kind: 'route-table'
}
