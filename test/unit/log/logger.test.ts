// JSON lines (operations.md LG1, LG9): `timestamp` and `type` first, then the fields in their order,
// undefined ones left out, whichever way the logger serializes them.
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../runtime/log/logger.js'

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
