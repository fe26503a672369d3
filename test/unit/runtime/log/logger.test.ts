// JSON lines (operations.md LG1, LG9): `timestamp` and `type` first, then the fields in their order,
// undefined ones left out, whichever way the logger serializes them.
import { describe, expect, it } from 'vitest'
import { createLogger, decimal } from '../../../../runtime/log/logger.js'

const AT = new Date(Date.UTC(2025, 2, 14, 9, 26, 53, 589))

function lineOf(fields: Record<string, unknown>): string {
  const lines: string[] = []
  createLogger((line) => lines.push(line)).write('svc_test', fields, AT)
  return lines[0]!
}

const proto: Record<string, unknown> = {}
Object.defineProperty(proto, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true })

const CASES: [string, Record<string, unknown>, string][] = [
  ['no fields', {}, ''],
  ['fields in order, undefined left out', { b: 1, a: 'x', u: undefined, n: null }, ',"b":1,"a":"x","n":null'],
  ['own timestamp and type members dropped', { type: 'other', timestamp: 'then', a: 1 }, ',"a":1'],
  ['a custom `__proto__` member kept', proto, ',"__proto__":1'],
  ['text escaped', { s: 'a"\n\u2028' }, ',"s":"a\\"\\n\u2028"'],
  ['integer-like custom keys after timestamp and type', { requestID: 'r', '7': 'x' }, ',"7":"x","requestID":"r"'],
  ['integer-like keys with an own type member', { type: 't', '0': 1 }, ',"0":1'],
]

describe('createLogger', () => {
  it.each(CASES)('%s', (_, fields, members) => {
    expect(lineOf(fields)).toBe(`{"timestamp":"2025-03-14T09:26:53.589+00:00","type":"svc_test"${members}}\n`)
  })
})

describe('decimal', () => {
  it('writes units / scale exactly as String() writes the number', () => {
    const units = [0, 1, 5, 10, 999, 1000, 1001, 123456, 999999, 1000000, 1000001, 86_400_000_000, 2 ** 53 - 1]
    // a seeded walk over more values: every magnitude, with and without trailing zeros
    for (let x = 7, i = 0; i < 5000; i++) {
      x = (x * 48271) % 2147483647
      units.push(x % 10 ** (1 + (i % 10)), (x % 1000) * 1000)
    }
    for (const scale of [1000, 1e6]) {
      for (const n of units) expect(decimal(n, scale), `${n} / ${scale}`).toBe(String(n / scale))
    }
    expect(decimal(-5, 1000)).toBe('-0.005')
    expect(decimal(Number.NaN, 1000)).toBe('null')
  })
})
