/**
 * The compiled rate limits (rate-limits.md RL1-RL6): for each route pattern and method, the policies
 * of the most specific `x-svc-rate-limit`, as `src/rate-limits.ts` writes them, with what the
 * response fields need worked out once at load.
 */
import type { TrustedProxies } from '../request-key/trusted-proxies.js'
import { namedPolicy, policyField, type RateLimitHeaders } from './fields.js'
import { RateLimiter, type RateLimitStoreSettings } from './limiter.js'
import type { RateLimitPolicySpec, RouteLimits, RouteRateLimit } from './policy.js'

export class RateLimitTable implements RouteLimits {
  readonly #byRoute = new Map<string, Map<string | null, RouteRateLimit>>()

  constructor(
    readonly headers: RateLimitHeaders,
    entries: readonly (readonly [pattern: string, method: string | null, policies: readonly RateLimitPolicySpec[]])[],
  ) {
    for (const [pattern, method, policies] of entries) {
      let methods = this.#byRoute.get(pattern)
      if (methods === undefined) this.#byRoute.set(pattern, (methods = new Map()))
      const named = policies.map((p) => namedPolicy(p.name, p.limit, p.window))
      const first = JSON.stringify(policies[0]?.key)
      const sharedKey = policies.every((p) => JSON.stringify(p.key) === first)
      methods.set(method, Object.freeze({ policies, named, policyValue: policyField(named), sharedKey }))
    }
  }

  /**
   * The limiter of one gateway. Made through the table so that a bundle whose definition has no rate
   * limit (no table) does not contain the limiter.
   */
  limiter(trustedProxies: TrustedProxies, store: RateLimitStoreSettings): RateLimiter {
    return new RateLimiter(this, trustedProxies, store)
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
