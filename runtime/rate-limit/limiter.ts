/**
 * The per-request check of a route's rate limit (rate-limits.md RL2-RL6), one per gateway: each
 * policy's key is worked out from the request (RL3), all policies are checked at once by the store,
 * which counts the request only when every policy admits it (RL2), and the outcome carries the
 * response fields of RL6 and, when refused, the seconds for `Retry-After` (RL5).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { rateLimitFields, type RateLimitHeaders } from './fields.js'
import { type LimitCheck, MemoryRateLimiter } from './gcra.js'
import type { RateLimitKeySpec, RateLimitTable, RouteRateLimit } from './table.js'
import { clientAddress, type TrustedProxies } from './trusted-proxies.js'

type Fields = readonly (readonly [string, string])[]

/** What a key is read from. */
export interface LimitedRequest {
  /** The socket peer address. */
  readonly peer: string | undefined
  /** Lower-case names. */
  readonly headers: ReadonlyMap<string, string>
  /** The claims of the JWT that passed PL8, or null (RL4). */
  readonly claims: JsonValue | null
}

export interface LimitOutcome {
  readonly fields: Fields
  /** 0 when admitted; else whole seconds until the refusing policies admit a request (RL5). */
  readonly retryAfterSeconds: number
}

export class RateLimiter {
  readonly #store = new MemoryRateLimiter()

  constructor(
    readonly table: RateLimitTable,
    readonly trustedProxies: TrustedProxies,
  ) {}

  get headers(): RateLimitHeaders {
    return this.table.headers
  }

  check(limit: RouteRateLimit, request: LimitedRequest, nowMs: number): LimitOutcome {
    const policies = limit.policies
    const checks: LimitCheck[] = []
    for (const policy of policies) {
      checks.push({
        key: `${policy.id}\n${this.#keyValue(policy.key, request)}`,
        limit: policy.limit,
        windowMs: policy.window * 1000,
      })
    }
    const decision = this.#store.check(checks, nowMs)
    return {
      fields: rateLimitFields(this.table.headers, limit.named, limit.policyValue, decision),
      retryAfterSeconds: decision.admitted ? 0 : decision.retryAfterSeconds,
    }
  }

  /** RL3: a request without the header or claim is counted with every other such request ('' key). */
  #keyValue(key: RateLimitKeySpec, request: LimitedRequest): string {
    switch (key.kind) {
      case 'client-ip':
        return clientAddress(request.peer, request.headers, this.trustedProxies)
      case 'header':
        return request.headers.get(key.name) ?? ''
      case 'jwt':
        return claimText(request.claims, key.claim)
    }
  }
}

function claimText(claims: JsonValue | null, claim: string): string {
  if (!(claims instanceof JsonObject)) return ''
  const value = claims.get(claim)
  if (typeof value === 'string') return value
  if (value instanceof JsonNumber) return value.text
  if (typeof value === 'boolean') return String(value)
  return ''
}
