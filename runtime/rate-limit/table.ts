/**
 * The compiled rate limits (rate-limits.md RL1-RL6): for each route pattern and method, the policies
 * of the most specific `x-svc-rate-limit`, as `src/rate-limits.ts` writes them, with what the
 * response fields need worked out once at load.
 */
import { type NamedPolicy, policyField, type RateLimitHeaders } from './fields.js'

/** Whose requests a policy counts together (RL3). */
export type RateLimitKeySpec =
  | { readonly kind: 'client-ip' }
  | { readonly kind: 'header'; readonly name: string }
  | { readonly kind: 'jwt'; readonly claim: string }

/** One policy as the compiler emits it; `id` (where it is written) keeps its quota apart from others'. */
export interface RateLimitPolicySpec {
  readonly id: string
  readonly name: string
  readonly limit: number
  /** Seconds. */
  readonly window: number
  readonly key: RateLimitKeySpec
}

/** The limit of one route and method. */
export interface RouteRateLimit {
  readonly policies: readonly RateLimitPolicySpec[]
  readonly named: readonly NamedPolicy[]
  /** The `RateLimit-Policy` value (RL6), the same for every response of the route. */
  readonly policyValue: string
}

export class RateLimitTable {
  readonly #byRoute = new Map<string, Map<string | null, RouteRateLimit>>()

  constructor(
    readonly headers: RateLimitHeaders,
    entries: readonly (readonly [pattern: string, method: string | null, policies: readonly RateLimitPolicySpec[]])[],
  ) {
    for (const [pattern, method, policies] of entries) {
      let methods = this.#byRoute.get(pattern)
      if (methods === undefined) this.#byRoute.set(pattern, (methods = new Map()))
      const named = policies.map((p) => ({ name: p.name, limit: p.limit, windowSeconds: p.window }))
      methods.set(method, Object.freeze({ policies, named, policyValue: policyField(named) }))
    }
  }

  /** The limit of `method` on the route `pattern` (a route without operations: any method), if any. */
  lookup(pattern: string, method: string): RouteRateLimit | undefined {
    const methods = this.#byRoute.get(pattern)
    return methods === undefined ? undefined : (methods.get(method) ?? methods.get(null))
  }
}

/** What generated `src/rate-limits.ts` calls. */
export function defineRateLimits(
  headers: RateLimitHeaders,
  entries: readonly (readonly [string, string | null, readonly RateLimitPolicySpec[]])[],
): RateLimitTable {
  return new RateLimitTable(headers, entries)
}
