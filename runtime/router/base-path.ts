/**
 * Request classification against `basePath` and the `$request/endpoint` value
 * (definition.md P7, P8, R2, R3, R8). Everything works on the raw (percent-encoded) path.
 */
import type { RouteMatch } from './types.js'

/**
 * The relative path of an API request, or null when `rawPath` lies outside `basePath` (P7).
 * `basePath` is normalised ('/' or '/x' without trailing slash, P6); the comparison is
 * case-sensitive on the raw path, and `basePath` is removed exactly once (P8: `/api` and `/api/`
 * give `/`, `/api/api` gives `/api`).
 */
export function splitBasePath(basePath: string, rawPath: string): string | null {
  if (basePath === '/') return rawPath
  if (!rawPath.startsWith(basePath)) return null
  if (rawPath.length === basePath.length) return '/'
  if (rawPath.charCodeAt(basePath.length) !== 0x2f /* / */) return null
  return rawPath.slice(basePath.length)
}

/**
 * `$request/endpoint` (R2, R8): for a wildcard match, `basePath` ('' for '/') followed by as many
 * raw segments of the request as the route's prefix has; otherwise (no wildcard, no match, non-API
 * request) the raw path itself. `rawPath` always starts with the result.
 */
export function computeEndpoint(basePath: string, rawPath: string, match: RouteMatch | null): string {
  const count = match?.wildcardPrefixSegments ?? null
  if (count === null) return rawPath
  const base = basePath === '/' ? '' : basePath
  const relative = splitBasePath(basePath, rawPath)
  if (relative === null) return rawPath
  let end = 0
  for (let i = 0; i < count; i++) {
    const next = relative.indexOf('/', end + 1)
    end = next === -1 ? relative.length : next
  }
  return base + relative.slice(0, end)
}
