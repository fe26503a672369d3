/**
 * RL9: a worker's checks go to the primary in one message per event-loop turn, the answers come back
 * in order, and a primary that does not answer leaves the decision to the worker's own memory.
 */
import { describe, expect, it } from 'vitest'

import { MemoryRateLimiter } from '../../../../runtime/rate-limit/gcra.js'
import {
  answerLimitRequest,
  type LimitRequestMessage,
  type PrimaryChannel,
  PrimaryRateLimitStore,
} from '../../../../runtime/rate-limit/primary-store.js'

/** A channel whose primary is `primary` (or none), counting the messages sent. */
function channel(primary: MemoryRateLimiter | null): PrimaryChannel & { sent: LimitRequestMessage[] } {
  const listeners: ((message: unknown) => void)[] = []
  const sent: LimitRequestMessage[] = []
  return {
    sent,
    send(message) {
      sent.push(message)
      if (primary === null) return
      const reply = answerLimitRequest(primary, message)
      setImmediate(() => listeners.forEach((listener) => listener(reply)))
    },
    on(_event, listener) {
      listeners.push(listener)
    },
  }
}

const check = (value: string) => [{ scope: 'p', value, limit: 2, windowMs: 60_000 }]

describe('PrimaryRateLimitStore', () => {
  it('two workers share the primary store; one message carries a turn of checks', async () => {
    const primary = new MemoryRateLimiter()
    const first = channel(primary)
    const second = channel(primary)
    const a = new PrimaryRateLimitStore(first, new MemoryRateLimiter())
    const b = new PrimaryRateLimitStore(second, new MemoryRateLimiter())
    const decisions = await Promise.all([a.check(check('k'), 0), a.check(check('k'), 0), b.check(check('k'), 0)])
    expect(decisions.map((d) => d.admitted)).toEqual([true, true, false])
    expect(first.sent).toHaveLength(1)
    expect(first.sent[0]!.svcRateLimit.checks).toHaveLength(2)
  })

  it('without an answer within the timeout, the worker decides with its own memory', async () => {
    const silent = channel(null)
    const local = new MemoryRateLimiter()
    const store = new PrimaryRateLimitStore(silent, local)
    const started = Date.now()
    const decisions = await Promise.all([1, 2, 3].map(() => store.check(check('k'), Date.now())))
    expect(decisions.map((d) => d.admitted)).toEqual([true, true, false])
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
  })

  it('the primary ignores messages that are not rate-limit requests', () => {
    expect(answerLimitRequest(new MemoryRateLimiter(), { other: 1 })).toBeNull()
    expect(answerLimitRequest(new MemoryRateLimiter(), null)).toBeNull()
  })
})
