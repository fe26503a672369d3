/**
 * CORS pre-flight answers (security.md O13-O17, definition.md PL4): an API `OPTIONS` request with an
 * `Origin` header to a path that matches a route is answered before the method check with status 200,
 * an empty body and the O14 headers. The pipeline sends them and logs the flow `cors-preflight`.
 */
import { ALLOW_ORDER } from '../router/index.js'
import type { RouteEntry } from '../router/types.js'
import { HTTP_TOKEN } from '../values/http-token.js'
import { originMatches } from './origin.js'
import type { CorsPolicy } from './policy.js'

/** Access log `flow` of a pre-flight answer (O17, operations.md LG3). */
export const CORS_PREFLIGHT_FLOW = 'cors-preflight'

/** `GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH` (O15). */
const ALL_METHODS = ALLOW_ORDER.join(', ')

/** O13 (the route match is the caller's): `OPTIONS` carrying an `Origin` header. */
export function isCorsPreflight(method: string, headers: ReadonlyMap<string, string>): boolean {
  return method === 'OPTIONS' && headers.has('origin')
}

/** The O14 header fields of a pre-flight answer, in the order of the O14 table. */
export function corsPreflightHeaders(
  policy: CorsPolicy,
  headers: ReadonlyMap<string, string>,
  route: RouteEntry,
): [string, string][] {
  const origin = headers.get('origin')!
  const matched = originMatches(policy, origin)
  const fields: [string, string][] = []
  if (matched) fields.push(['Access-Control-Allow-Origin', origin])
  if (policy.allowCredentials) fields.push(['Access-Control-Allow-Credentials', 'true'])
  fields.push(['Access-Control-Allow-Methods', allowedMethods(route, headers)])
  if (matched) {
    // O16: echoed as sent (header values are already trimmed, definition.md R5); an empty list is not sent.
    const requested = headers.get('access-control-request-headers')
    if (requested !== undefined && requested !== '') fields.push(['Access-Control-Allow-Headers', requested])
    fields.push(['Access-Control-Max-Age', policy.maxAge])
  }
  fields.push(['Vary', 'Origin'])
  return fields
}

/** O15: the route's methods in MA2 order; for a route without operations the requested method or all. */
function allowedMethods(route: RouteEntry, headers: ReadonlyMap<string, string>): string {
  if (route.operations !== null) return route.allow
  const requested = headers.get('access-control-request-method')
  return requested !== undefined && HTTP_TOKEN.test(requested) ? requested : ALL_METHODS
}
