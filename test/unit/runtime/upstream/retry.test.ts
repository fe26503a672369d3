/**
 * Retry decisions (upstream.md UP-POOL-5..8): what may be repeated, the back-off with its jitter and
 * `Retry-After`, the deadline, and the budget.
 */
import { describe, expect, it } from 'vitest'

import { timeoutFailure, transportFailure, unavailableFailure } from '../../../../runtime/upstream/failure.js'
import {
  neverSent,
  retryableFailure,
  retryableStatus,
  RetryBudget,
  retryDelayMs,
  retryPolicyOf,
  RetryRun,
} from '../../../../runtime/upstream/retry.js'

const POLICY = { retries: 3, delayMs: 100, nonIdempotent: false }

describe('UP-POOL-6: what is retried', () => {
  it('a connection that was never made, for any method; after sending, only idempotent methods', () => {
    const refused = transportFailure('connection refused', 'ECONNREFUSED')
    const reset = transportFailure('connection reset', 'ECONNRESET')
    expect(neverSent(refused)).toBe(true)
    expect(neverSent(timeoutFailure('connect', 1000))).toBe(true)
    expect(neverSent(transportFailure('TLS handshake failed: EPROTO', 'EPROTO'))).toBe(true)
    expect(neverSent(reset)).toBe(false)
    expect(retryableFailure(refused, 'POST', POLICY)).toBe(true)
    expect(retryableFailure(reset, 'POST', POLICY)).toBe(false)
    expect(retryableFailure(reset, 'PUT', POLICY)).toBe(true)
    expect(retryableFailure(reset, 'POST', { ...POLICY, nonIdempotent: true })).toBe(true)
    expect(retryableFailure(timeoutFailure('time-to-first-byte', 1000), 'GET', POLICY)).toBe(true)
    expect(retryableFailure(timeoutFailure('overall', 1000), 'GET', POLICY)).toBe(false)
    expect(retryableFailure(unavailableFailure('no available target in pool p'), 'GET', POLICY)).toBe(false)
  })

  it('502, 503 and 504 answers of idempotent requests', () => {
    expect([500, 502, 503, 504, 429].map((s) => retryableStatus(s, 'GET', POLICY))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ])
    expect(retryableStatus(503, 'PATCH', POLICY)).toBe(false)
    expect(retryableStatus(503, 'PATCH', { ...POLICY, nonIdempotent: true })).toBe(true)
  })

  it('UP-POOL-5: the request option first, then the pool, then a plain origin default of no retries', () => {
    const pool = { retries: 2, retryDelay: 0.5, retryNonIdempotent: true } as never
    expect(retryPolicyOf({}, null)).toEqual({ retries: 0, delayMs: 25, nonIdempotent: false })
    expect(retryPolicyOf({}, pool)).toEqual({ retries: 2, delayMs: 500, nonIdempotent: true })
    expect(retryPolicyOf({ retries: 0, retryNonIdempotent: false }, pool)).toMatchObject({
      retries: 0,
      nonIdempotent: false,
    })
  })
})

describe('UP-POOL-7: the wait', () => {
  it('full jitter up to base x 2^(n-1), at most 10 x base; Retry-After in seconds or as a date instead', () => {
    expect(retryDelayMs(1, POLICY, undefined, 0, () => 0.999999)).toBeCloseTo(100, 2)
    expect(retryDelayMs(3, POLICY, undefined, 0, () => 0.5)).toBe(200)
    expect(retryDelayMs(9, POLICY, undefined, 0, () => 0.999999)).toBeCloseTo(1000, 1)
    expect(retryDelayMs(1, POLICY, undefined, 0, () => 0)).toBe(0)
    expect(retryDelayMs(1, POLICY, '2', 0)).toBe(2000)
    const now = Date.parse('2026-11-29T10:00:00Z')
    expect(retryDelayMs(1, POLICY, 'Sun, 29 Nov 2026 10:00:03 GMT', now)).toBe(3000)
    // an unreadable Retry-After falls back to the back-off
    expect(retryDelayMs(1, POLICY, 'soon', 0, () => 0.5)).toBe(50)
  })
})

describe('UP-POOL-8: the budget and the deadline', () => {
  it('at least 3 retries in flight, beyond that 20 % of the requests', () => {
    const budget = new RetryBudget()
    budget.requests = 10
    budget.retries = 2
    expect(budget.allows()).toBe(true)
    budget.retries = 3
    expect(budget.allows()).toBe(false)
    budget.requests = 50
    expect(budget.allows()).toBe(true)
    budget.retries = 10
    expect(budget.allows()).toBe(false)
  })

  it('a run counts its request and its retry in flight, stops at its retries, and never waits past the deadline', () => {
    const budget = new RetryBudget()
    const run = new RetryRun({ ...POLICY, retries: 2, delayMs: 1 }, budget, performance.now() + 60_000)
    expect(budget.requests).toBe(1)
    expect(run.mayRetry(false, undefined)).toBe(false)
    expect(run.mayRetry(true, undefined)).toBe(true)
    expect(budget.retries).toBe(1)
    run.attemptEnded()
    expect(budget.retries).toBe(0)
    expect(run.mayRetry(true, undefined)).toBe(true)
    run.attemptEnded()
    expect(run.mayRetry(true, undefined)).toBe(false)
    run.end()
    expect(budget.requests).toBe(0)
    const late = new RetryRun(POLICY, new RetryBudget(), performance.now() + 1000)
    expect(late.mayRetry(true, '5')).toBe(false)
  })
})
