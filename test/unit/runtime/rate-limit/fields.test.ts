/**
 * Rate-limit header fields: `RateLimit-Policy` and `RateLimit` of draft-ietf-httpapi-ratelimit-headers-10
 * (sf-strings quoted and escaped), the legacy `X-RateLimit-*` trio from the policy with the least quota
 * left, and no fields at all.
 */
import { describe, expect, it } from 'vitest'

import {
  type LimitDecision,
  type NamedPolicy,
  namedPolicy,
  policyField,
  rateLimitFields,
} from '../../../../runtime/rate-limit/index.js'

const POLICIES: NamedPolicy[] = [namedPolicy('per-client', 100, 60), namedPolicy('daily', 1000, 86_400)]
const POLICY_VALUE = policyField(POLICIES)

function decision(...states: [remaining: number, resetSeconds: number][]): LimitDecision {
  return {
    admitted: true,
    states: states.map(([remaining, resetSeconds]) => ({ remaining, resetSeconds })),
    retryAfterSeconds: 0,
  }
}

describe('policyField', () => {
  it('lists each policy with its quota and window', () =>
    expect(POLICY_VALUE).toBe('"per-client";q=100;w=60, "daily";q=1000;w=86400'))

  it('escapes quotes and backslashes in names', () =>
    expect(policyField([namedPolicy('a "b" \\c', 1, 1)])).toBe('"a \\"b\\" \\\\c";q=1;w=1'))

  const BAD: [string, NamedPolicy][] = [
    ['a name with non-ASCII text', namedPolicy('täglich', 1, 1)],
    ['a name with a control character', namedPolicy('a\nb', 1, 1)],
    ['a fractional window', namedPolicy('a', 1, 1.5)],
    ['a negative quota', namedPolicy('a', -1, 1)],
  ]
  it.each(BAD)('throws for %s', (_, policy) => expect(() => policyField([policy])).toThrow(RangeError))
})

describe('rateLimitFields', () => {
  it('ietf: the policy value and one RateLimit item per policy', () =>
    expect(rateLimitFields('ietf', POLICIES, POLICY_VALUE, decision([99, 1], [999, 87]))).toEqual([
      ['RateLimit-Policy', '"per-client";q=100;w=60, "daily";q=1000;w=86400'],
      ['RateLimit', '"per-client";r=99;t=1, "daily";r=999;t=87'],
    ]))

  it('ietf: names are escaped in RateLimit too', () => {
    const policies = [namedPolicy('say "hi"', 5, 10)]
    expect(rateLimitFields('ietf', policies, policyField(policies), decision([0, 10]))[1]).toEqual([
      'RateLimit',
      '"say \\"hi\\"";r=0;t=10',
    ])
  })

  it('legacy: the policy with the least quota left', () =>
    expect(rateLimitFields('legacy', POLICIES, POLICY_VALUE, decision([40, 30], [7, 5000]))).toEqual([
      ['X-RateLimit-Limit', '1000'],
      ['X-RateLimit-Remaining', '7'],
      ['X-RateLimit-Reset', '5000'],
    ]))

  it('legacy: the first of equals', () =>
    expect(rateLimitFields('legacy', POLICIES, POLICY_VALUE, decision([0, 30], [0, 5000]))).toEqual([
      ['X-RateLimit-Limit', '100'],
      ['X-RateLimit-Remaining', '0'],
      ['X-RateLimit-Reset', '30'],
    ]))

  it('none: no fields', () =>
    expect(rateLimitFields('none', POLICIES, POLICY_VALUE, decision([1, 1], [1, 1]))).toEqual([]))
})
