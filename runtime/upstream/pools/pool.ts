/**
 * One pool of `x-svc-upstreams` in a running gateway (upstream.md UP-POOL-2..4, UP-POOL-8): its
 * targets with their breakers, active-check verdicts and requests in flight, the choice of a target
 * for an attempt, and its retry budget.
 */
import type { Logger } from '../../log/logger.js'
import type { TrustedProxies } from '../../request-key/trusted-proxies.js'
import type { KeyedTarget } from '../connection-target.js'
import { RetryBudget, type RetryPolicy, retryPolicyOf } from '../retry.js'
import { type Balanced, leastRequests, rendezvous, roundRobin } from './balancer.js'
import { CircuitBreaker } from './breaker.js'
import type { PoolTargetSpec, UpstreamPoolSpec } from './spec.js'

export class PoolTarget implements Balanced {
  readonly url: string
  readonly protocol: 'http:' | 'https:'
  readonly hostname: string
  readonly port: number
  /** The `Host` field for requests to this target: its host and a non-default port. */
  readonly host: string
  readonly weight: number
  inFlight = 0
  score = 0
  /** The active health check's verdict (true until checks say otherwise). */
  checkedHealthy = true
  readonly breaker: CircuitBreaker | null
  /** Connection targets made for this target, per checked options object (call.ts). */
  readonly connections = new WeakMap<object, KeyedTarget>()

  constructor(
    spec: PoolTargetSpec,
    readonly pool: UpstreamPool,
  ) {
    const url = new URL(spec.url)
    this.url = spec.url
    this.protocol = url.protocol === 'https:' ? 'https:' : 'http:'
    this.hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
    this.port = url.port === '' ? (this.protocol === 'https:' ? 443 : 80) : Number(url.port)
    this.host = url.host
    this.weight = spec.weight
    const passive = pool.spec.passive
    this.breaker =
      passive === null
        ? null
        : new CircuitBreaker(passive, (change, seconds) =>
            pool.alert(
              change === 'opened'
                ? `target ${this.url} of pool ${pool.name} taken out for ${seconds} s after failures`
                : `target ${this.url} of pool ${pool.name} is back`,
            ),
          )
  }
}

export class UpstreamPool {
  readonly name: string
  readonly targets: readonly PoolTarget[]
  /** Requests and retries in flight to the pool (UP-POOL-8). */
  readonly budget = new RetryBudget()
  /** The pool's retry settings, for requests that set none of their own (UP-POOL-5). */
  readonly retryPolicy: RetryPolicy

  constructor(
    readonly spec: UpstreamPoolSpec,
    targets: readonly PoolTargetSpec[],
    readonly logger: Logger,
    /** For a `client-ip` hash key (UP-POOL-3). */
    readonly trustedProxies: TrustedProxies,
  ) {
    this.name = spec.name
    this.retryPolicy = retryPolicyOf({}, spec)
    this.targets = targets.map((target) => new PoolTarget(target, this))
  }

  /**
   * The target of the next attempt, or null when none is available (UP-POOL-4: fail at once). A target
   * whose cool-down is over gets the attempt as its trial; else the balancer chooses among the
   * available targets not tried yet for this request (all available ones when each was tried).
   */
  choose(key: string, tried: readonly PoolTarget[], now: number): PoolTarget | null {
    let candidates: readonly PoolTarget[] = this.targets
    // usually every target is in and none was tried: the balancer picks among all, nothing is copied
    if (tried.length > 0 || !this.#allIn()) {
      const available: PoolTarget[] = []
      for (const target of this.targets) {
        if (!target.checkedHealthy) continue
        const state = target.breaker?.state(now) ?? 'yes'
        if (state === 'trial' && !tried.includes(target)) {
          target.breaker!.startTrial()
          return target
        }
        if (state === 'yes') available.push(target)
      }
      const untried = available.filter((target) => !tried.includes(target))
      candidates = untried.length > 0 ? untried : available
    }
    if (candidates.length === 0) return null
    if (candidates.length === 1) return candidates[0]!
    switch (this.spec.balance) {
      case 'round-robin':
        return roundRobin(candidates)
      case 'least-requests':
        return leastRequests(candidates)
      case 'hash':
        return rendezvous(candidates, key)
    }
  }

  #allIn(): boolean {
    for (const target of this.targets) if (!target.checkedHealthy || target.breaker?.open === true) return false
    return true
  }

  alert(message: string): void {
    this.logger.write('svc_alert', { topic: 'upstream', message, raised: false })
  }
}
