/**
 * GCRA quotas: `limit` at once then one per emission interval, refused requests consume nothing, checks
 * of several policies decide together, the reported numbers, and the bounded key store. Time is always
 * an injected `nowMs` near a real clock value, where floating-point milliseconds would drift.
 */
import { describe, expect, it } from 'vitest'

import { type LimitCheck, MemoryRateLimiter } from '../../../../runtime/rate-limit/index.js'

const T0 = 1_752_000_000_123
/** 10 per minute: T = 6 s. */
const TEN_PER_MINUTE: LimitCheck = { scope: 'client', value: 'a', limit: 10, windowMs: 60_000 }

function admitAll(limiter: MemoryRateLimiter, checks: LimitCheck[], count: number, nowMs: number): void {
  for (let i = 0; i < count; i++) expect(limiter.check(checks, nowMs).admitted).toBe(true)
}

describe('MemoryRateLimiter: one policy', () => {
  it('admits exactly `limit` at once, counting down, then refuses', () => {
    const limiter = new MemoryRateLimiter()
    for (let i = 1; i <= 10; i++) {
      const decision = limiter.check([TEN_PER_MINUTE], T0)
      expect(decision).toEqual({
        admitted: true,
        states: [{ remaining: 10 - i, resetSeconds: 6 * i }],
        retryAfterSeconds: 0,
      })
    }
    expect(limiter.check([TEN_PER_MINUTE], T0)).toEqual({
      admitted: false,
      states: [{ remaining: 0, resetSeconds: 60 }],
      retryAfterSeconds: 6,
    })
  })

  it('admits one more after T, and just before T still refuses', () => {
    const limiter = new MemoryRateLimiter()
    admitAll(limiter, [TEN_PER_MINUTE], 10, T0)
    expect(limiter.check([TEN_PER_MINUTE], T0 + 5_999).retryAfterSeconds).toBe(1)
    expect(limiter.check([TEN_PER_MINUTE], T0 + 6_000)).toEqual({
      admitted: true,
      states: [{ remaining: 0, resetSeconds: 60 }],
      retryAfterSeconds: 0,
    })
    expect(limiter.check([TEN_PER_MINUTE], T0 + 6_000).admitted).toBe(false)
  })

  it('does not move the TAT for refused requests: hammering does not delay recovery', () => {
    const limiter = new MemoryRateLimiter()
    admitAll(limiter, [TEN_PER_MINUTE], 10, T0)
    for (let ms = 0; ms < 6_000; ms += 10) expect(limiter.check([TEN_PER_MINUTE], T0 + ms).admitted).toBe(false)
    expect(limiter.check([TEN_PER_MINUTE], T0 + 6_000).admitted).toBe(true)
  })

  it('gives the full quota back after the window', () => {
    const limiter = new MemoryRateLimiter()
    admitAll(limiter, [TEN_PER_MINUTE], 10, T0)
    expect(limiter.check([TEN_PER_MINUTE], T0 + 60_000).states).toEqual([{ remaining: 9, resetSeconds: 6 }])
  })

  it('admits exactly `limit` at once for every limit up to 500, however T divides (no float drift)', () => {
    for (let limit = 1; limit <= 500; limit++) {
      const limiter = new MemoryRateLimiter()
      const check: LimitCheck = { scope: 'p', value: 'k', limit, windowMs: 60_000 }
      let admitted = 0
      while (limiter.check([check], T0).admitted) admitted++
      expect(admitted, `limit ${limit}`).toBe(limit)
    }
  })

  it('rounds reset and Retry-After up to whole seconds, at least 1', () => {
    const limiter = new MemoryRateLimiter()
    const twoPerSecond: LimitCheck = { scope: 'p', value: 'k', limit: 2, windowMs: 1_000 }
    expect(limiter.check([twoPerSecond], T0).states).toEqual([{ remaining: 1, resetSeconds: 1 }])
    admitAll(limiter, [twoPerSecond], 1, T0)
    expect(limiter.check([twoPerSecond], T0 + 499)).toEqual({
      admitted: false,
      states: [{ remaining: 0, resetSeconds: 1 }],
      retryAfterSeconds: 1,
    })
  })
})

describe('MemoryRateLimiter: several policies at once', () => {
  /** 2 per second (T = 500 ms) and 3 per minute (T = 20 s). */
  const PER_SECOND: LimitCheck = { scope: 'second', value: 'a', limit: 2, windowMs: 1_000 }
  const PER_MINUTE: LimitCheck = { scope: 'minute', value: 'a', limit: 3, windowMs: 60_000 }
  const BOTH = [PER_SECOND, PER_MINUTE]

  it('reports every policy and stores nothing when only one refuses', () => {
    const limiter = new MemoryRateLimiter()
    expect(limiter.check(BOTH, T0).states).toEqual([
      { remaining: 1, resetSeconds: 1 },
      { remaining: 2, resetSeconds: 20 },
    ])
    expect(limiter.check(BOTH, T0).states).toEqual([
      { remaining: 0, resetSeconds: 1 },
      { remaining: 1, resetSeconds: 40 },
    ])
    // The per-second policy refuses; the per-minute one would admit and shows what is left without it.
    expect(limiter.check(BOTH, T0)).toEqual({
      admitted: false,
      states: [
        { remaining: 0, resetSeconds: 1 },
        { remaining: 1, resetSeconds: 40 },
      ],
      retryAfterSeconds: 1,
    })
    // The refusal took nothing from the per-minute quota: its last request passes a second later.
    expect(limiter.check(BOTH, T0 + 1_000)).toEqual({
      admitted: true,
      states: [
        { remaining: 1, resetSeconds: 1 },
        { remaining: 0, resetSeconds: 59 },
      ],
      retryAfterSeconds: 0,
    })
    // Now the per-minute policy refuses alone; the per-second quota stays untouched.
    expect(limiter.check(BOTH, T0 + 1_000)).toEqual({
      admitted: false,
      states: [
        { remaining: 1, resetSeconds: 1 },
        { remaining: 0, resetSeconds: 59 },
      ],
      retryAfterSeconds: 19,
    })
    expect(limiter.check([PER_SECOND], T0 + 1_000).states).toEqual([{ remaining: 0, resetSeconds: 1 }])
  })

  it('refuses together, with Retry-After the latest of the refusing policies', () => {
    const limiter = new MemoryRateLimiter()
    admitAll(limiter, BOTH, 2, T0)
    admitAll(limiter, BOTH, 1, T0 + 1_000)
    admitAll(limiter, [PER_SECOND], 1, T0 + 1_000)
    expect(limiter.check(BOTH, T0 + 1_000)).toEqual({
      admitted: false,
      states: [
        { remaining: 0, resetSeconds: 1 },
        { remaining: 0, resetSeconds: 59 },
      ],
      retryAfterSeconds: 19,
    })
  })

  it('keeps keys of different policies apart', () => {
    const limiter = new MemoryRateLimiter()
    admitAll(limiter, [{ scope: 'a', value: 'k', limit: 1, windowMs: 60_000 }], 1, T0)
    expect(limiter.check([{ scope: 'b', value: 'k', limit: 1, windowMs: 60_000 }], T0).admitted).toBe(true)
  })
})

describe('MemoryRateLimiter: bounded memory', () => {
  const ONE_PER_MINUTE = (value: string): LimitCheck => ({ scope: 'p', value, limit: 5, windowMs: 60_000 })

  it('never holds more than maxKeys, evicting the least recently written', () => {
    const limiter = new MemoryRateLimiter({ maxKeys: 3 })
    for (const key of ['a', 'b', 'c']) limiter.check([ONE_PER_MINUTE(key)], T0)
    limiter.check([ONE_PER_MINUTE('a')], T0) // written again: now the most recent
    limiter.check([ONE_PER_MINUTE('d')], T0)
    expect(limiter.size).toBe(3)
    expect(limiter.check([ONE_PER_MINUTE('a')], T0).states[0]!.remaining).toBe(2)
    // Evicted, so back to a full quota (fails open, see the class comment).
    expect(limiter.check([ONE_PER_MINUTE('b')], T0).states[0]!.remaining).toBe(4)
    for (let i = 0; i < 100; i++) {
      limiter.check([ONE_PER_MINUTE(`flood-${i}`)], T0 + i)
      expect(limiter.size).toBeLessThanOrEqual(3)
    }
  })

  it('keeps write order when the newest entry is written again in place', () => {
    const limiter = new MemoryRateLimiter({ maxKeys: 3 })
    for (const key of ['a', 'b', 'c', 'c', 'b', 'b', 'a']) limiter.check([ONE_PER_MINUTE(key)], T0)
    // write order now c, b, a: a new key evicts c, the least recently written
    limiter.check([ONE_PER_MINUTE('d')], T0)
    expect(limiter.check([ONE_PER_MINUTE('c')], T0).states[0]!.remaining).toBe(4)
    // c's write evicted b (order was b, a, d); a and d kept their counts
    expect(limiter.check([ONE_PER_MINUTE('a')], T0).states[0]!.remaining).toBe(2)
    expect(limiter.check([ONE_PER_MINUTE('d')], T0).states[0]!.remaining).toBe(3)
    expect(limiter.check([ONE_PER_MINUTE('b')], T0).states[0]!.remaining).toBe(4)
  })

  it('bounds each policy by itself: a flood of keys under one policy leaves the others alone', () => {
    const limiter = new MemoryRateLimiter({ maxKeys: 3 })
    const kept: LimitCheck = { scope: 'kept', value: 'a', limit: 5, windowMs: 60_000 }
    limiter.check([kept], T0)
    for (let i = 0; i < 100; i++) limiter.check([ONE_PER_MINUTE(`flood-${i}`)], T0)
    expect(limiter.size).toBe(4)
    expect(limiter.check([kept], T0).states[0]!.remaining).toBe(3)
  })

  it('sweeps expired entries before they pile up', () => {
    const limiter = new MemoryRateLimiter()
    const perSecond = (value: string): LimitCheck => ({ scope: 'p', value, limit: 1, windowMs: 1_000 })
    for (let i = 0; i < 2000; i++) limiter.check([perSecond(`old-${i}`)], T0)
    expect(limiter.size).toBe(2000)
    // Every old entry has expired; within as many writes as entries they are all gone.
    for (let i = 0; i < 2001; i++) limiter.check([perSecond(`new-${i}`)], T0 + 2_000)
    expect(limiter.size).toBe(2001)
    // A few keys are swept after 1024 writes, not every other write.
    const few = new MemoryRateLimiter()
    for (let i = 0; i < 10; i++) few.check([perSecond(`old-${i}`)], T0)
    for (let i = 0; i < 1014; i++) few.check([perSecond('new')], T0 + 2_000 + i * 1_000)
    expect(few.size).toBe(11)
    few.check([perSecond('new')], T0 + 2_000 + 1014 * 1_000)
    expect(few.size).toBe(1)
  })

  it('stores nothing for refused requests', () => {
    const limiter = new MemoryRateLimiter()
    const check: LimitCheck = { scope: 'p', value: 'k', limit: 1, windowMs: 60_000 }
    limiter.check([check], T0)
    limiter.check([check, { scope: 'q', value: 'k', limit: 1, windowMs: 60_000 }], T0)
    expect(limiter.size).toBe(1)
  })

  it('rejects a maxKeys that is not a positive integer', () => {
    expect(() => new MemoryRateLimiter({ maxKeys: 0 })).toThrow(RangeError)
    expect(() => new MemoryRateLimiter({ maxKeys: 1.5 })).toThrow(RangeError)
  })
})
