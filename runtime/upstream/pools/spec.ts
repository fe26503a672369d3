/**
 * What the compiler emits for `x-svc-upstreams` (upstream.md UP-POOL-1) into `src/upstream-pools.ts`:
 * one object per pool, durations in seconds.
 */
import type { RequestKeySpec } from '../../request-key/request-key.js'

export interface PoolTargetSpec {
  /** The target's origin, `http(s)://host:port`. */
  readonly url: string
  readonly weight: number
}

export type PoolBalance = 'round-robin' | 'least-requests' | 'hash'

/** The circuit breaker of a target (UP-POOL-4). */
export interface BreakerSpec {
  readonly failures: number
  readonly coolDown: number
  readonly maxCoolDown: number
}

export interface HealthCheckSpec {
  readonly path: string
  readonly interval: number
  readonly timeout: number
  readonly healthy: number
  readonly unhealthy: number
}

export interface UpstreamPoolSpec {
  readonly name: string
  /** Listed targets, or the environment variable listing them (read at start). */
  readonly targets: readonly PoolTargetSpec[] | { readonly env: string }
  readonly balance: PoolBalance
  readonly hashKey: RequestKeySpec | null
  readonly healthCheck: HealthCheckSpec | null
  readonly passive: BreakerSpec | null
  readonly retries: number
  readonly retryDelay: number
  readonly retryNonIdempotent: boolean
}
