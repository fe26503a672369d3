// JSON lines (operations.md LG1, LG9): `timestamp` and `type` first, then the fields in their order,
// undefined ones left out, whichever way the logger serializes them.
import { describe, expect, it } from 'vitest'

import { JsonLineWriter } from '../../../../runtime/log/json-line.js'
import { createLogger } from '../../../../runtime/log/logger.js'

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

/** What `write` makes of one JsonLineWriter call, as text. */
function written(write: (writer: JsonLineWriter) => void): string {
  const writer = new JsonLineWriter(4)
  write(writer)
  return writer.textFrom(0)
}

describe('JsonLineWriter', () => {
  it('decimal() writes units / 10^digits exactly as String() writes the number', () => {
    const units = [0, 1, 5, 10, 999, 1000, 1001, 123456, 999999, 1000000, 1000001, 86_400_000_000, 2 ** 53 - 1]
    // a seeded walk over more values: every magnitude, with and without trailing zeros
    for (let x = 7, i = 0; i < 5000; i++) {
      x = (x * 48271) % 2147483647
      units.push(x % 10 ** (1 + (i % 10)), (x % 1000) * 1000)
    }
    for (const digits of [3, 6]) {
      for (const n of units)
        expect(
          written((w) => w.decimal(n, digits)),
          `${n} / 10^${digits}`,
        ).toBe(String(n / 10 ** digits))
    }
    expect(written((w) => w.decimal(-5, 3))).toBe('-0.005')
    expect(written((w) => w.decimal(Number.NaN, 3))).toBe('null')
  })

  it('number() writes what JSON.stringify writes', () => {
    const values = [
      0,
      7,
      10,
      99,
      100,
      65535,
      2 ** 31,
      2 ** 53 - 1,
      2 ** 53,
      1e21,
      -1,
      -0,
      0.5,
      1e-7,
      Number.NaN,
      Infinity,
      -Infinity,
    ]
    for (let x = 11, i = 0; i < 2000; i++) {
      x = (x * 48271) % 2147483647
      values.push(x % 10 ** (1 + (i % 10)))
    }
    for (const value of values)
      expect(
        written((w) => w.number(value)),
        String(value),
      ).toBe(JSON.stringify(value))
  })

  it('string() writes what JSON.stringify writes, as UTF-8 (T-ESC-1)', () => {
    const strings = [
      '',
      'plain',
      'a"b\\c',
      '\b\f\n\r\t\u0000\u001f\u007f',
      'é ü ß',
      '\u2028\u2029',
      '€ 中文',
      '😀 \ud83d\ude00',
      '\ud800',
      'x\udc00y',
      '\udbff',
      '\ud83d\ud83d\ude00',
    ]
    // a seeded walk over every kind of UTF-16 unit, surrogates paired and not
    for (let x = 3, i = 0; i < 300; i++) {
      let text = ''
      for (let j = 0; j < 12; j++) {
        x = (x * 48271) % 2147483647
        const kind = x % 5
        text += String.fromCharCode(
          kind === 0
            ? x % 0x80
            : kind === 1
              ? 0x80 + (x % 0x780)
              : kind === 2
                ? 0x800 + (x % 0xd000)
                : kind === 3
                  ? 0xd800 + (x % 0x800)
                  : 0xe000 + (x % 0x2000),
        )
      }
      strings.push(text)
    }
    for (const text of strings) expect(written((w) => w.string(text))).toBe(JSON.stringify(text))
  })

  it('hexId() writes an id from its digits kept as bytes, or from its string', () => {
    const pool = Buffer.from('ffff4bf92f3577b34da6a3ce929d0e0e4736ee', 'latin1')
    expect(written((w) => w.hexId('4bf92f3577b34da6', { digits: pool, digitsAt: 4 }))).toBe('"4bf92f3577b34da6"')
    expect(written((w) => w.hexId('00f067aa0ba902b7', null))).toBe('"00f067aa0ba902b7"')
  })

  it('timestamp() writes LG9 text, also across seconds and for years outside 0000-9999', () => {
    const writer = new JsonLineWriter(4)
    for (const ms of [
      Date.UTC(2025, 2, 14, 9, 26, 53, 589),
      Date.UTC(2025, 2, 14, 9, 26, 53, 7),
      Date.UTC(2025, 2, 14, 9, 26, 54, 0),
      0,
      -1,
      253402300800000,
      1.5,
    ]) {
      writer.pos = 0
      writer.timestamp(ms)
      expect(writer.textFrom(0), String(ms)).toBe(JSON.stringify(new Date(ms).toISOString().replace('Z', '+00:00')))
    }
  })
})
