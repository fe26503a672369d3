// runtime/rate-limit: GCRA request quotas and their response header fields.
export {
  type LimitCheck,
  type LimitDecision,
  MemoryRateLimiter,
  type MemoryRateLimiterOptions,
  type PolicyState,
} from './gcra.js'
export { type NamedPolicy, namedPolicy, policyField, type RateLimitHeaders, rateLimitFields } from './fields.js'
export { type LimitedRequest, type LimitOutcome, RateLimiter } from './limiter.js'
export type { RateLimitPolicySpec, RouteLimits, RouteRateLimit } from './policy.js'
export { defineRateLimits, RateLimitTable } from './table.js'
