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
export {
  defineRateLimits,
  type RateLimitKeySpec,
  type RateLimitPolicySpec,
  RateLimitTable,
  type RouteRateLimit,
} from './table.js'
