/**
 * Matches a relative request path against the compiled route table (definition.md section 5):
 * the raw path is split at `/` and each segment percent-decoded on its own (P10: `%2F` stays inside
 * its segment, `+` is literal); literals compare case-sensitively with decoded segments (P11); a
 * parameter takes one non-empty segment (P12); trailing slashes count (P13); non-wildcard routes
 * first (P1), trying literals before parameters at each position so the literal wins at the first
 * differing position (P14); then the wildcard route with the longest prefix (P2). `.` and `..` are
 * ordinary segments (P17).
 */
import type { CompiledRouteTable, TrieNode } from './route-table.js'
import type { RouteEntry, RouteMatch, RouteTable } from './types.js'

/** Percent-decodes one raw segment as UTF-8; null when the encoding is invalid. */
export function decodeSegment(raw: string): string | null {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/**
 * The route for `relativePath` (raw, percent-encoded, starting with `/`, basePath already removed
 * by `splitBasePath`), or null when no route matches (P18).
 */
export function matchRoute(table: RouteTable, relativePath: string): RouteMatch | null {
  const compiled = table as CompiledRouteTable
  if (!relativePath.includes('%')) {
    const literal = compiled.literalPaths.get(relativePath)
    if (literal !== undefined) return literal
  }
  const root = compiled.root
  const raw = relativePath.split('/')
  // raw[0] is the empty text before the leading slash
  const segments = new Array<string>(raw.length - 1)
  for (let i = 1; i < raw.length; i++) {
    const decoded = decodeSegment(raw[i]!)
    if (decoded === null) return null
    segments[i - 1] = decoded
  }

  const values: string[] = []
  const exact = matchExact(root, segments, 0, values)
  if (exact !== null) return { route: exact, params: pairParams(exact, values), wildcardPrefixSegments: null }

  let node: TrieNode | undefined = root
  let best: RouteEntry | null = root.wildcard
  let bestDepth = 0
  for (let i = 0; i < segments.length; i++) {
    node = node.literal.get(segments[i]!)
    if (node === undefined) break
    if (node.wildcard !== null) {
      best = node.wildcard
      bestDepth = i + 1
    }
  }
  if (best === null) return null
  return { route: best, params: [], wildcardPrefixSegments: bestDepth }
}

/** Depth-first, literal child before parameter child: the first complete match is the P14 winner. */
function matchExact(node: TrieNode, segments: readonly string[], index: number, values: string[]): RouteEntry | null {
  if (index === segments.length) return node.exact
  const segment = segments[index]!
  const literal = node.literal.get(segment)
  if (literal !== undefined) {
    const found = matchExact(literal, segments, index + 1, values)
    if (found !== null) return found
  }
  if (node.param !== null && segment !== '') {
    values.push(segment)
    const found = matchExact(node.param, segments, index + 1, values)
    if (found !== null) return found
    values.pop()
  }
  return null
}

function pairParams(route: RouteEntry, values: readonly string[]): (readonly [string, string])[] {
  const params: (readonly [string, string])[] = new Array(values.length)
  for (let i = 0; i < values.length; i++) params[i] = [route.paramNames[i]!, values[i]!]
  return params
}
