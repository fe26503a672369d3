/**
 * The per-request check of a route's rate limit (rate-limits.md RL2-RL8), one per gateway: each
 * policy's key is worked out from the request (RL3), all policies are checked at once by the store
 * (this process's memory, or Redis shared by the fleet, RL7), which counts the request only when every
 * policy admits it (RL2), and the outcome carries the response fields of RL6 and, when refused, the
 * seconds for `Retry-After` (RL5).
 */
import { type KeyedRequest, readRequestKey, type RequestKeySpec } from '../request-key/request-key.js'
import type { TrustedProxies } from '../request-key/trusted-proxies.js'
import type { RedisConnection } from '../store/redis-connection.js'
import { rateLimitFields } from './fields.js'
import { type LimitCheck, type LimitDecision, MemoryRateLimiter } from './gcra.js'
import type { RouteLimits, RouteRateLimit } from './policy.js'
import { type PrimaryChannel, PrimaryRateLimitStore } from './primary-store.js'
import { RedisRateLimitStore, type StoreErrorFallback } from './redis-store.js'

type Fields = readonly (readonly [string, string])[]

/** What a key is read from. */
export type LimitedRequest = KeyedRequest

export interface LimitOutcome {
  readonly fields: Fields
  /** 0 when admitted; else whole seconds until the refusing policies admit a request (RL5). */
  readonly retryAfterSeconds: number
}

/**
 * Where the counts live: Redis (with its key prefix) when configured; else, in a worker of
 * `SVC_WORKERS`, the primary's memory (RL9); else this process's memory.
 */
export interface RateLimitStoreSettings {
  readonly redis: {
    readonly connection: RedisConnection
    /** SVC_REDIS_PREFIX. */
    readonly prefix: string
    readonly fallback: StoreErrorFallback
  } | null
  readonly primary?: PrimaryChannel
}

export class RateLimiter {
  readonly #memory = new MemoryRateLimiter()
  readonly #redis: RedisRateLimitStore | null
  readonly #primary: PrimaryRateLimitStore | null
  readonly #prefix: string

  constructor(
    readonly table: RouteLimits,
    readonly trustedProxies: TrustedProxies,
    store: RateLimitStoreSettings,
  ) {
    const redis = store.redis
    this.#redis = redis === null ? null : new RedisRateLimitStore(redis.connection, redis.fallback, this.#memory)
    this.#primary =
      redis === null && store.primary !== undefined ? new PrimaryRateLimitStore(store.primary, this.#memory) : null
    this.#prefix = redis?.prefix ?? ''
  }

  check(limit: RouteRateLimit, request: LimitedRequest, nowMs: number): LimitOutcome | Promise<LimitOutcome> {
    const policies = limit.policies
    const checks: LimitCheck[] = []
    // policies that all count by one key read it once (an address walk or an expression is not free)
    const first = policies[0]
    const shared = limit.sharedKey && first !== undefined ? this.#keyValue(first.key, request) : null
    for (const policy of policies) {
      const value = shared ?? this.#keyValue(policy.key, request)
      checks.push({ scope: policy.id, value, limit: policy.limit, windowMs: policy.window * 1000 })
    }
    let decision: LimitDecision | Promise<LimitDecision>
    if (this.#redis !== null) {
      // RL7: `{tag}` puts the keys of one check in one Redis Cluster hash slot: the key's value when
      // every policy counts by it (clients spread over the nodes), else the limit's first policy
      const tag = shared ?? first?.id ?? ''
      const keys = checks.map((check) => `${this.#prefix}{${tag}}${check.scope}\n${check.value}`)
      decision = this.#redis.check(checks, keys, nowMs)
    } else {
      decision = this.#primary !== null ? this.#primary.check(checks, nowMs) : this.#memory.check(checks, nowMs)
    }
    return decision instanceof Promise ? decision.then((d) => this.#outcome(limit, d)) : this.#outcome(limit, decision)
  }

  #outcome(limit: RouteRateLimit, decision: LimitDecision): LimitOutcome {
    return {
      fields: rateLimitFields(this.table.headers, limit.named, limit.policyValue, decision),
      retryAfterSeconds: decision.admitted ? 0 : decision.retryAfterSeconds,
    }
  }

  /** RL3: a request without the header or claim is counted with every other such request ('' key). */
  #keyValue(key: RequestKeySpec, request: LimitedRequest): string {
    return readRequestKey(key, request, this.trustedProxies)
  }
}
