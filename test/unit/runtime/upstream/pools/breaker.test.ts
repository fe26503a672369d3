/**
 * The circuit breaker of a target (upstream.md UP-POOL-4), on a clock the test drives: it opens after
 * `failures` consecutive failures, lets one trial through after the cool-down, doubles the cool-down
 * on each further ejection up to the maximum, and forgets old ejections after a healthy spell.
 */
import { describe, expect, it } from 'vitest'

import { type BreakerChange, CircuitBreaker } from '../../../../../runtime/upstream/pools/breaker.js'

function breaker() {
  const changes: [BreakerChange, number][] = []
  const b = new CircuitBreaker({ failures: 3, coolDown: 10, maxCoolDown: 25 }, (change, s) => changes.push([change, s]))
  return { b, changes }
}

describe('UP-POOL-4: circuit breaker', () => {
  it('opens after consecutive failures only; a success in between resets the count', () => {
    const { b, changes } = breaker()
    b.failure(0)
    b.failure(0)
    b.success(0)
    b.failure(0)
    b.failure(0)
    expect(b.state(0)).toBe('yes')
    b.failure(0)
    expect(b.state(0)).toBe('no')
    expect(changes).toEqual([['opened', 10]])
  })

  it('one trial after the cool-down; its success closes, its failure reopens with a doubled cool-down, capped', () => {
    const { b, changes } = breaker()
    for (let i = 0; i < 3; i++) b.failure(0)
    expect(b.state(9_999)).toBe('no')
    expect(b.state(10_000)).toBe('trial')
    b.startTrial()
    // no second request while the trial runs
    expect(b.state(10_001)).toBe('no')
    b.failure(10_100)
    expect(b.state(29_000)).toBe('no')
    expect(b.state(30_100)).toBe('trial')
    b.startTrial()
    b.failure(30_100)
    // 10 s, 20 s, then the 25 s maximum
    expect(b.state(55_099)).toBe('no')
    expect(b.state(55_100)).toBe('trial')
    b.startTrial()
    b.success(55_200)
    expect(b.state(55_200)).toBe('yes')
    expect(changes).toEqual([
      ['opened', 10],
      ['closed', 0],
    ])
  })

  it('an abandoned trial lets the next request try; failures of requests sent before it opened change nothing', () => {
    const { b } = breaker()
    for (let i = 0; i < 3; i++) b.failure(0)
    b.failure(5_000)
    expect(b.state(10_000)).toBe('trial')
    b.startTrial()
    b.abandonTrial()
    expect(b.state(10_000)).toBe('trial')
  })

  it('the doubling starts over once the target stayed in for max-cool-down', () => {
    const { b, changes } = breaker()
    for (let i = 0; i < 3; i++) b.failure(0)
    b.startTrial()
    b.success(10_000)
    for (let i = 0; i < 3; i++) b.failure(11_000)
    expect(changes.at(-1)).toEqual(['opened', 20])
    b.startTrial()
    b.success(31_000)
    for (let i = 0; i < 3; i++) b.failure(31_000 + 25_000)
    expect(changes.at(-1)).toEqual(['opened', 10])
  })
})
