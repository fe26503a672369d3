// runtime/rate-limit: GCRA request quotas, their response header fields, and the client address behind trusted proxies.
export {
  type LimitCheck,
  type LimitDecision,
  MemoryRateLimiter,
  type MemoryRateLimiterOptions,
  type PolicyState,
} from './gcra.js'
export { type NamedPolicy, policyField, type RateLimitHeaders, rateLimitFields } from './fields.js'
export { clientAddress, parseTrustedProxies, TrustedProxies } from './trusted-proxies.js'
export { type LimitedRequest, type LimitOutcome, RateLimiter } from './limiter.js'
export type { RateLimitKeySpec, RateLimitPolicySpec, RouteLimits, RouteRateLimit } from './policy.js'
export { defineRateLimits, RateLimitTable } from './table.js'
