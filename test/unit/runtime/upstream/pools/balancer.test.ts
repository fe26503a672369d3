/**
 * Choosing targets (upstream.md UP-POOL-3): weighted round-robin in proportion and interleaved,
 * least-requests by requests in flight per weight, rendezvous hashing that keeps a key on its target
 * and moves only the keys of a target that leaves.
 */
import { describe, expect, it } from 'vitest'

import { type Balanced, leastRequests, rendezvous, roundRobin } from '../../../../../runtime/upstream/pools/balancer.js'

const targets = (...weights: number[]): Balanced[] =>
  weights.map((weight, i) => ({ url: `http://10.0.0.${i + 1}:80`, weight, inFlight: 0, score: 0 }))

describe('UP-POOL-3: round-robin', () => {
  it('weights 1, 2 and 3 share 1200 picks exactly 200, 400 and 600, interleaved', () => {
    const pool = targets(1, 2, 3)
    const counts = new Map<Balanced, number>()
    const sequence: number[] = []
    for (let i = 0; i < 1200; i++) {
      const picked = roundRobin(pool)
      counts.set(picked, (counts.get(picked) ?? 0) + 1)
      sequence.push(pool.indexOf(picked))
    }
    expect(pool.map((t) => counts.get(t))).toEqual([200, 400, 600])
    // smooth: the heaviest target never gets all of its share in one run
    expect(sequence.slice(0, 6).sort()).toEqual([0, 1, 1, 2, 2, 2])
    expect(sequence.slice(0, 6)).not.toEqual([2, 2, 2, 1, 1, 0])
  })
})

describe('UP-POOL-3: least-requests', () => {
  it('takes the target with the fewest requests in flight per weight; ties go round', () => {
    const [a, b, c] = targets(1, 1, 2) as [Balanced, Balanced, Balanced]
    Object.assign(a, { inFlight: 3 })
    Object.assign(b, { inFlight: 1 })
    Object.assign(c, { inFlight: 4 })
    expect(leastRequests([a, b, c])).toBe(b)
    Object.assign(b, { inFlight: 2 })
    // c: 4 / 2 = 2 per weight, like b
    const picks = new Set([leastRequests([a, b, c]), leastRequests([a, b, c])])
    expect(picks).toEqual(new Set([b, c]))
  })
})

describe('UP-POOL-3: hash', () => {
  it('keeps each key on one target, spreads keys by weight, and moves only the keys of a target that leaves', () => {
    const pool = targets(1, 1, 2)
    const keys = Array.from({ length: 4000 }, (_, i) => `client-${i}`)
    const first = new Map(keys.map((key) => [key, rendezvous(pool, key)]))
    for (const key of keys.slice(0, 100)) expect(rendezvous(pool, key)).toBe(first.get(key))
    const share = (target: Balanced) => keys.filter((key) => first.get(key) === target).length / keys.length
    expect(share(pool[0]!)).toBeGreaterThan(0.2)
    expect(share(pool[0]!)).toBeLessThan(0.3)
    expect(share(pool[2]!)).toBeGreaterThan(0.45)
    expect(share(pool[2]!)).toBeLessThan(0.55)
    const without = [pool[0]!, pool[2]!]
    for (const key of keys) {
      const now = rendezvous(without, key)
      if (first.get(key) !== pool[1]) expect(now).toBe(first.get(key))
    }
  })
})
