/**
 * What the compiled rate limits are made of (rate-limits.md RL1-RL6): the policies as
 * `src/rate-limits.ts` writes them, and a route's limit ready for the per-request check.
 */
import type { CompiledExpression } from '../xpath/compiled-expression.js'
import type { NamedPolicy, RateLimitHeaders } from './fields.js'

/** Whose requests a policy counts together (RL3). */
export type RateLimitKeySpec =
  | { readonly kind: 'client-ip' }
  | { readonly kind: 'header'; readonly name: string }
  | { readonly kind: 'jwt'; readonly claim: string }
  /** An XPath expression over `$request`; `LimitedRequest.evaluate` gives its string value. */
  | { readonly kind: 'expression'; readonly expr: CompiledExpression }

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
  /** Every policy counts by the same key (RL7: the Redis hash tag can then be the key's value). */
  readonly sharedKey: boolean
}

/** The limits of every route, as the limiter reads them (table.ts). */
export interface RouteLimits {
  readonly headers: RateLimitHeaders
  lookup(pattern: string, method: string): RouteRateLimit | undefined
}
