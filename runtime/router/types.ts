/**
 * The compiled routing table (definition.md section 5). Built at compile time by
 * compiler/emit/routes; matched per request by runtime/router without scanning all paths.
 * The router stage owns the details of these types.
 */
import type { Handler } from '../context/handler.js'

/** One segment of a route pattern: a literal (already percent-decoded) or a `{name}` parameter. */
export type RouteSegmentSpec = string | { readonly param: string }

/**
 * A route as plain data, written by generated code (`src/routes.ts`) and turned into a
 * `RouteTable` once at module load by `createRouteTable`.
 */
export interface RouteSpec {
  /** The path pattern as written in the definition, e.g. `/foo/{p1}` or `/files/**`. */
  readonly pattern: string
  /**
   * Segments of the pattern after the leading `/`; for a wildcard route the segments before `/**`.
   * `/` is `[""]` and a trailing slash is a final `""` (P13); `/**` has no segments.
   */
  readonly segments: readonly RouteSegmentSpec[]
  /** The pattern ends in `/**` (P1, P2). */
  readonly wildcard: boolean
  /** Handlers by upper-case method in MA2 order; null when the route lists no operations (P4, D4). */
  readonly operations: readonly (readonly [string, Handler | null])[] | null
  /** Handler for a route without operations (any method); null when none (H5). */
  readonly handler: Handler | null
}

export interface RouteEntry {
  /** The path pattern as written in the definition, e.g. `/foo/{p1}`. */
  readonly pattern: string
  /** Handlers by upper-case method; null when the route lists no operations (P4). */
  readonly operations: ReadonlyMap<string, Handler | null> | null
  /** Handler for a route without operations (any method). */
  readonly handler: Handler | null
  /** Allowed methods as sent in `Allow` (MA2 order, joined by `, `); '' for a route without operations. */
  readonly allow: string
  /** The pattern ends in `/**`. */
  readonly wildcard: boolean
  /** Parameter names in pattern order. */
  readonly paramNames: readonly string[]
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
