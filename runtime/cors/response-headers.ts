/**
 * CORS headers on actual responses (security.md O18, O19, definition.md PL13): every response to an
 * API request other than a pre-flight — flow output, error documents, error-flow output — gets
 * `Access-Control-Allow-Origin` (origin matched), `Access-Control-Allow-Credentials`,
 * `Access-Control-Expose-Headers` (origin matched) and `Vary: Origin`. The gateway's decision is
 * authoritative: fields of the CORS names set by flows or upstreams are dropped first.
 */
import { originMatches } from './origin.js'
import type { CorsPolicy } from './policy.js'

/** Names the gateway alone decides on (O18), lower-case. */
const CORS_OWNED = new Set([
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
])

type Field = readonly [string, string]

/** The response's header fields with the gateway's CORS fields applied (O18, O19). */
export function withCorsHeaders(policy: CorsPolicy, origin: string | undefined, headers: readonly Field[]): Field[] {
  const out: Field[] = []
  let vary = -1
  let varyCovers = false
  for (const field of headers) {
    const lower = field[0].toLowerCase()
    if (CORS_OWNED.has(lower)) continue
    if (lower === 'vary') {
      vary = out.length
      varyCovers ||= varyListsOrigin(field[1])
    }
    out.push(field)
  }
  const matched = origin !== undefined && originMatches(policy, origin)
  if (matched) out.push(['Access-Control-Allow-Origin', origin])
  if (policy.allowCredentials) out.push(['Access-Control-Allow-Credentials', 'true'])
  if (matched && policy.exposeHeaders !== null) out.push(['Access-Control-Expose-Headers', policy.exposeHeaders])
  // O19: `Origin` joins an existing Vary unless it is listed there already or the value is `*`.
  if (vary === -1) out.push(['Vary', 'Origin'])
  else if (!varyCovers) {
    const [name, value] = out[vary]!
    out[vary] = [name, value.trim() === '' ? 'Origin' : `${value}, Origin`]
  }
  return out
}

function varyListsOrigin(value: string): boolean {
  for (const item of value.split(',')) {
    const name = item.trim().toLowerCase()
    if (name === 'origin' || name === '*') return true
  }
  return false
}
