/**
 * What the compiled rate limits are made of (rate-limits.md RL1-RL6): the policies as
 * `src/rate-limits.ts` writes them, and a route's limit ready for the per-request check.
 */
import type { RequestKeySpec } from '../request-key/request-key.js'
import type { NamedPolicy, RateLimitHeaders } from './fields.js'

/** One policy as the compiler emits it; `id` (where it is written) keeps its quota apart from others'. */
export interface RateLimitPolicySpec {
  readonly id: string
  readonly name: string
  readonly limit: number
  /** Seconds. */
  readonly window: number
  readonly key: RequestKeySpec
}

/** The limit of one route and method. */
export interface RouteRateLimit {
  readonly policies: readonly RateLimitPolicySpec[]
  readonly named: readonly NamedPolicy[]
  /** The `RateLimit-Policy` value (RL6), the same for every response of the route. */
  readonly policyValue: string
  /** Every policy counts by the same key (RL7: the Redis hash tag can then be the key's value). */
  readonly sharedKey: boolean
}

/** The limits of every route, as the limiter reads them (table.ts). */
export interface RouteLimits {
  readonly headers: RateLimitHeaders
  lookup(pattern: string, method: string): RouteRateLimit | undefined
}
