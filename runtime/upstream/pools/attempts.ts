/**
 * The attempts of one upstream call to a pool (upstream.md UP-POOL-2..4): each attempt takes a target
 * (one not tried yet for this call when the pool has one), counts as in flight until its answer's
 * head arrives or it fails, and reports to the target's breaker: a transport failure, a timeout or a
 * 502, 503 or 504 is a failure, any other answer a success, a client gone away neither.
 */
import type { CircuitBreaker } from './breaker.js'
import type { PoolTarget, UpstreamPool } from './pool.js'

export type AttemptResult = 'success' | 'failure' | 'abandoned'

const FAILING_STATUS = new Set([502, 503, 504])

/** Whether an answer with this status counts against the target (UP-POOL-4). */
export function failingStatus(status: number): boolean {
  return FAILING_STATUS.has(status)
}

export class PoolAttempts {
  /** Targets tried by this call (usually none or one: a list, not a set). */
  readonly #tried: PoolTarget[] = []
  #current: PoolTarget | null = null

  constructor(
    readonly pool: UpstreamPool,
    /** The value of the pool's `hash-key` for this request ('' without one). */
    readonly key: string,
  ) {}

  /** The target of the next attempt, now in flight; null when no target is available. */
  start(now: number): PoolTarget | null {
    const target = this.pool.choose(this.key, this.#tried, now)
    if (target === null) return null
    this.#tried.push(target)
    this.#current = target
    target.inFlight++
    return target
  }

  /** Ends the current attempt (nothing when none runs). */
  end(result: AttemptResult, now: number): void {
    const target = this.#current
    if (target === null) return
    this.#current = null
    target.inFlight--
    if (target.breaker !== null) report(target.breaker, result, now)
  }
}

/** Tells a breaker how an attempt went. */
export function report(breaker: CircuitBreaker, result: AttemptResult, now: number): void {
  if (result === 'success') breaker.success(now)
  else if (result === 'failure') breaker.failure(now)
  else breaker.abandonTrial()
}
