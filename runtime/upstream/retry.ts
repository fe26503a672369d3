/**
 * Retries of upstream requests (upstream.md UP-POOL-5..8): which failed attempts may be repeated,
 * how long to wait before the next one, and the budget that keeps a failing upstream from a retry
 * storm. Pure decisions; call.ts runs the attempts.
 */
import { parseHttpDate } from '../flow/actions/http-date.js'
import type { UpstreamFailure } from './failure.js'
import type { UpstreamOptions } from './options.js'
import type { UpstreamPoolSpec } from './pools/spec.js'

export interface RetryPolicy {
  /** Further attempts after the first. */
  readonly retries: number
  /** The back-off's base in ms. */
  readonly delayMs: number
  readonly nonIdempotent: boolean
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])
const RETRIED_STATUS = new Set([502, 503, 504])
/** The transport failures of a connection that was never made (UP-POOL-6): nothing reached the upstream. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA'])

/** UP-POOL-5: the request's options first, then the pool's, then the defaults of a plain origin. */
export function retryPolicyOf(options: UpstreamOptions, pool: UpstreamPoolSpec | null): RetryPolicy {
  return {
    retries: options.retries ?? pool?.retries ?? 0,
    delayMs: (options.retryDelay ?? pool?.retryDelay ?? 0.025) * 1000,
    nonIdempotent: options.retryNonIdempotent ?? pool?.retryNonIdempotent ?? false,
  }
}

/** Whether the request never reached the upstream: the connection was refused, not found, timed out or its TLS failed. */
export function neverSent(failure: UpstreamFailure): boolean {
  if (failure.kind === 'timeout') return failure.timeout === 'connect'
  if (failure.kind !== 'transport') return false
  return NOT_CONNECTED.has(failure.errorName) || failure.cause.startsWith('TLS handshake failed')
}

/** UP-POOL-6 for a failed attempt (the overall timeout and a client gone away are never retried). */
export function retryableFailure(failure: UpstreamFailure, method: string, policy: RetryPolicy): boolean {
  if (failure.kind === 'aborted' || failure.kind === 'unavailable') return false
  if (failure.kind === 'timeout' && failure.timeout === 'overall') return false
  return neverSent(failure) || policy.nonIdempotent || IDEMPOTENT.has(method)
}

/** UP-POOL-6 for an answer: 502, 503 and 504 of an idempotent request (or with `retry-non-idempotent`). */
export function retryableStatus(status: number, method: string, policy: RetryPolicy): boolean {
  return RETRIED_STATUS.has(status) && (policy.nonIdempotent || IDEMPOTENT.has(method))
}

/**
 * The wait before retry `n` (1, 2, ...) in ms (UP-POOL-7): the answer's `Retry-After` when it has one,
 * else full jitter up to `base` × 2^(n-1), at most 10 × base. `random` is Math.random unless a test
 * passes its own.
 */
export function retryDelayMs(
  n: number,
  policy: RetryPolicy,
  retryAfter: string | undefined,
  nowMs: number,
  random: () => number = Math.random,
): number {
  if (retryAfter !== undefined) {
    const text = retryAfter.trim()
    if (/^\d+$/.test(text)) return Number(text) * 1000
    const at = parseHttpDate(text)
    if (at !== undefined) return Math.max(0, at - nowMs)
  }
  const ceiling = Math.min(policy.delayMs * 2 ** (n - 1), policy.delayMs * 10)
  return random() * ceiling
}

/**
 * The retry budget of a pool or a plain origin (UP-POOL-8, Envoy's `retry_budget`): a retry may start
 * while fewer than 3 retries, or fewer than 20 % of the requests, are in flight.
 */
export class RetryBudget {
  requests = 0
  retries = 0

  allows(): boolean {
    return this.retries < 3 || this.retries < 0.2 * this.requests
  }
}

/** The retries of one call: how many are left, the budget they count against, the next wait. */
export class RetryRun {
  #done = 0
  #retrying = false
  #delayMs = 0

  constructor(
    readonly policy: RetryPolicy,
    readonly budget: RetryBudget,
    /** performance.now() when the call's overall timeout expires. */
    readonly deadline: number,
  ) {
    budget.requests++
  }

  /**
   * Whether to try again after an attempt that may be repeated (`retryable`): a retry is left, the
   * budget allows one, and its wait ends before the overall timeout. A yes counts the retry as in
   * flight until `attemptEnded`.
   */
  mayRetry(retryable: boolean, retryAfter: string | undefined): boolean {
    if (!retryable || this.#done >= this.policy.retries || !this.budget.allows()) return false
    const delay = retryDelayMs(this.#done + 1, this.policy, retryAfter, Date.now())
    if (performance.now() + delay >= this.deadline) return false
    this.#done++
    this.#delayMs = delay
    this.#retrying = true
    this.budget.retries++
    return true
  }

  /** The wait before the retry that `mayRetry` allowed. */
  wait(): Promise<void> {
    const delay = this.#delayMs
    return delay <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, delay))
  }

  /** An attempt ended (with an answer or a failure). */
  attemptEnded(): void {
    this.#delayMs = 0
    if (!this.#retrying) return
    this.#retrying = false
    this.budget.retries--
  }

  /** The call ended. */
  end(): void {
    this.attemptEnded()
    this.budget.requests--
  }
}
