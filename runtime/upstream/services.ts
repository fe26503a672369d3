/**
 * The per-gateway state of upstream requests (style: everything with a lifetime hangs off the
 * gateway, never module scope; flows.md F-EXEC-2): the settings read from the environment at start
 * (operations.md CF1, CF4: timeouts, SVC_MAX_UPSTREAM_BODY_SIZE, SVC_MAX_BODY_SIZE), the connection
 * pools (upstream.md UP-NET-7), the response cache (UP-CACHE-7, UP-CACHE-8) and loaded client certificates
 * (UP-NET-2), the upstream definitions compiled for validation and mocking (UP-VAL-1) and the
 * `x-svc-upstreams` pools (UP-POOL). `close()` closes every connection pool and stops the pools'
 * health checks (gateway close).
 */
import type { Logger } from '../log/logger.js'
import { ClientCertificates } from './client-certificates.js'
import { ConfigMemo } from './config-memo.js'
import { ConnectionTargets } from './connection-target.js'
import { Dispatchers } from './dispatchers.js'
import { CircuitBreaker } from './pools/breaker.js'
import type { UpstreamPools } from './pools/pools.js'
import type { BreakerSpec } from './pools/spec.js'
import { ResponseCache, type ResponseStore } from './response-cache.js'
import { RetryBudget } from './retry.js'
import { TargetUrlCache } from './target-url.js'
import { NO_UPSTREAM_DEFINITIONS, type UpstreamDefinitionTable } from './upstream-definitions.js'

export interface UpstreamSettings {
  readonly defaultTimeoutMs: number
  /** 0: the request's overall timeout (no separate limit). */
  readonly defaultConnectTimeoutMs: number
  /** 0: no separate limit. */
  readonly defaultTtfbTimeoutMs: number
  readonly maxTimeoutMs: number
  /** Largest buffered upstream body after decoding (UP-GEN-4). */
  readonly maxUpstreamBodySize: number
  /** SVC_MAX_BODY_SIZE, for client bodies streamed to the upstream (UP-GEN-6). */
  readonly maxBodySize: number
  /** SVC_UPSTREAM_MAX_CONNECTIONS (UP-NET-7, issue 8); default POOL_CONNECTIONS. */
  readonly upstreamMaxConnections?: number
  /** SVC_REQUEST_ID_HEADER: the field that carries the request id upstream (operations.md LG2). */
  readonly requestIdHeader: string
}

/** What the gateway makes for its upstream requests beyond the defaults. */
export interface SharedUpstreamState {
  /** The response cache: this process's memory unless the gateway shares one on Redis (UP-CACHE-8). */
  readonly cache?: ResponseStore
  /** The build's `x-svc-upstreams` pools (UP-POOL-1); none by default. */
  readonly pools?: UpstreamPools | null
}

export class UpstreamServices {
  readonly dispatchers: Dispatchers
  readonly cache: ResponseStore
  readonly pools: UpstreamPools | null
  /** The request id's field name in lower case (left out of cache keys, UP-CACHE-7). */
  readonly requestIdField: string
  readonly #retryBudgets = new Map<string, RetryBudget>()
  readonly #breakers = new Map<string, CircuitBreaker>()
  /** Request URLs as parsed (the same template usually builds the same URL). */
  readonly urls = new TargetUrlCache()
  /** Checked configurations, reused while a template's output stays the same. */
  readonly configs = new ConfigMemo()
  /** Connection targets and their keys per checked options object (call.ts). */
  readonly targets = new ConnectionTargets()
  readonly certificates: ClientCertificates

  constructor(
    readonly settings: UpstreamSettings,
    siteRoot: string,
    /** The build's upstream definitions (UP-VAL-1); none by default. */
    readonly definitions: UpstreamDefinitionTable = NO_UPSTREAM_DEFINITIONS,
    shared: SharedUpstreamState = {},
  ) {
    this.cache = shared.cache ?? new ResponseCache()
    this.requestIdField = settings.requestIdHeader.toLowerCase()
    this.pools = shared.pools ?? null
    // A connect attempt never outlives the longest overall timeout by much.
    this.dispatchers = new Dispatchers(settings.maxTimeoutMs + 1000, settings.upstreamMaxConnections)
    this.certificates = new ClientCertificates(siteRoot)
  }

  /**
   * The breakers' states now (operations.md HL4): every pool target's, and every plain origin's that
   * has one; `open` is 1 while the breaker is open.
   */
  breakerStates(): { readonly origin: string; readonly open: number; readonly ejections: number }[] {
    const states = []
    for (const [origin, breaker] of this.#breakers)
      states.push({ origin, open: breaker.open ? 1 : 0, ejections: breaker.ejectedTotal })
    for (const target of this.pools?.targets() ?? []) {
      const breaker = target.breaker
      if (breaker !== null)
        states.push({ origin: target.url, open: breaker.open ? 1 : 0, ejections: breaker.ejectedTotal })
    }
    return states
  }

  /**
   * The circuit breaker of a plain origin with `circuit-breaker` (UP-POOL-4), made on first use with
   * that request's settings; past 1000 origins the oldest one is forgotten.
   */
  originBreaker(origin: string, spec: BreakerSpec, logger: Logger): CircuitBreaker {
    let breaker = this.#breakers.get(origin)
    if (breaker !== undefined) return breaker
    if (this.#breakers.size >= 1000) this.#breakers.delete(this.#breakers.keys().next().value!)
    breaker = new CircuitBreaker(spec, (change, seconds) =>
      logger.write('svc_alert', {
        topic: 'upstream',
        message:
          change === 'opened'
            ? `circuit breaker for ${origin} opened for ${seconds} s after failures`
            : `circuit breaker for ${origin} closed`,
        raised: false,
      }),
    )
    this.#breakers.set(origin, breaker)
    return breaker
  }

  /** The retry budget of a plain origin (UP-POOL-8); past 1000 origins the oldest one is forgotten. */
  retryBudget(origin: string): RetryBudget {
    let budget = this.#retryBudgets.get(origin)
    if (budget !== undefined) return budget
    if (this.#retryBudgets.size >= 1000) this.#retryBudgets.delete(this.#retryBudgets.keys().next().value!)
    this.#retryBudgets.set(origin, (budget = new RetryBudget()))
    return budget
  }

  close(): Promise<void> {
    this.pools?.close()
    return this.dispatchers.close()
  }
}

declare module '../context/flow-context.js' {
  interface GatewayServices {
    /** Connection pools, response cache and settings of upstream requests (upstream.md); made by the gateway. */
    readonly upstream?: UpstreamServices
  }
}
