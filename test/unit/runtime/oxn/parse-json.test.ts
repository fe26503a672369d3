/**
 * parseJson: strict RFC 8259 (oxn.md OXN-13), number literals kept (OXN-7), duplicate keys (OXN-12),
 * error positions.
 */
import { describe, expect, it } from 'vitest'

import { JsonSyntaxError, JsonTextReader, parseJson } from '../../../../runtime/oxn/index.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../../../runtime/values/index.js'

/** JsonValue -> plain data for comparisons: numbers become `{n: literal}`, objects `{o: [[k, v]...]}`. */
function plain(value: JsonValue): unknown {
  if (value instanceof JsonNumber) return { n: value.text }
  if (value instanceof JsonObject) return { o: value.keys.map((key, i) => [key, plain(value.values[i]!)]) }
  if (Array.isArray(value)) return value.map(plain)
  return value
}

const VALID: [string, string, unknown][] = [
  ['OXN-13 string at the top level', '"hi"', 'hi'],
  ['OXN-13 empty string', '""', ''],
  ['OXN-7 number literal kept', '-7.25e2', { n: '-7.25e2' }],
  ['OXN-7 trailing zeros kept', '1.50', { n: '1.50' }],
  ['OXN-7 negative zero kept', '-0', { n: '-0' }],
  ['OXN-7 exponent spelling kept', '1E+3', { n: '1E+3' }],
  ['OXN-7 big integer keeps its digits', '12345678901234567890', { n: '12345678901234567890' }],
  ['true', 'true', true],
  ['false', 'false', false],
  ['null', 'null', null],
  ['empty array', '[]', []],
  ['empty object', '{}', { o: [] }],
  ['nested arrays', '[[1],[]]', [[{ n: '1' }], []]],
  ['OXN-13 whitespace around tokens', ' \t\r\n{ "a" : [ 1 , 2 ] }\n ', { o: [['a', [{ n: '1' }, { n: '2' }]]] }],
  ['OXN-13 leading BOM ignored', '\ufeff{"a":1}', { o: [['a', { n: '1' }]] }],
  [
    'OXN-12 duplicate key: last value at first position',
    '{"a":1,"b":2,"a":3}',
    {
      o: [
        ['a', { n: '3' }],
        ['b', { n: '2' }],
      ],
    },
  ],
  ['escapes decoded', '"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\u20AC"', 'a"b\\c/d\b\f\n\r\té€'],
  ['surrogate pair escape', '"\\ud83d\\ude00"', '😀'],
  ['OXN-13 lone surrogate escape kept', '"\\ud800x"', '\ud800x'],
  ['raw non-ASCII and U+2028 allowed', '"größe\u2028"', 'größe\u2028'],
  ['DEL allowed unescaped', '"\u007f"', '\u007f'],
  ['empty key', '{"":1}', { o: [['', { n: '1' }]] }],
  [
    'keys keep their order',
    '{"b":1,"a":2}',
    {
      o: [
        ['b', { n: '1' }],
        ['a', { n: '2' }],
      ],
    },
  ],
  // long strings are searched rather than read char by char: escapes and quotes on either side of the switch
  ['long string', `"${'x'.repeat(100)}"`, 'x'.repeat(100)],
  [
    'long string with an escape after the switch',
    `"${'x'.repeat(40)}\\n${'y'.repeat(40)}"`,
    `${'x'.repeat(40)}\n${'y'.repeat(40)}`,
  ],
  [
    'long strings after an escape further on',
    `["${'x'.repeat(40)}","${'y'.repeat(40)}\\t"]`,
    ['x'.repeat(40), `${'y'.repeat(40)}\t`],
  ],
  [
    'long strings in pretty text',
    `{\n  "a": "${'x'.repeat(40)}",\n  "b": "${'y'.repeat(40)}"\n}`,
    {
      o: [
        ['a', 'x'.repeat(40)],
        ['b', 'y'.repeat(40)],
      ],
    },
  ],
]

const INVALID: [string, string, { line: number; column: number; message?: RegExp }][] = [
  ['empty text', '', { line: 1, column: 1, message: /end of input/ }],
  ['only whitespace', '  \n ', { line: 2, column: 2 }],
  ['comment', '{"a":1 /* x */}', { line: 1, column: 8 }],
  ['line comment', '// c\n1', { line: 1, column: 1 }],
  ['trailing comma in object', '{"a":1,}', { line: 1, column: 8 }],
  ['trailing comma in array', '[1,2,]', { line: 1, column: 6 }],
  ['single quotes', "{'a':1}", { line: 1, column: 2 }],
  ['NaN', 'NaN', { line: 1, column: 1 }],
  ['Infinity', '[Infinity]', { line: 1, column: 2 }],
  ['-Infinity', '-Infinity', { line: 1, column: 2 }],
  ['unescaped control character', '"a\u0001b"', { line: 1, column: 3, message: /control character U\+0001/ }],
  ['unescaped tab in a string', '"a\tb"', { line: 1, column: 3 }],
  ['unescaped newline in a string', '{"a":\n"x\ny"}', { line: 2, column: 3 }],
  [
    'unescaped control character in a long string',
    `"${'x'.repeat(40)}\u0001"`,
    { line: 1, column: 42, message: /control character U\+0001/ },
  ],
  ['unterminated long string', `"${'x'.repeat(40)}`, { line: 1, column: 42, message: /unterminated/ }],
  ['leading zero', '01', { line: 1, column: 2 }],
  ['leading plus', '+1', { line: 1, column: 1 }],
  ['bare decimal point', '.5', { line: 1, column: 1 }],
  [
    'decimal point without digits',
    '5.',
    { line: 1, column: 3, message: /invalid number, expected a digit after the decimal point, found end of input/ },
  ],
  ['exponent without digits', '1e', { line: 1, column: 3, message: /expected a digit in the exponent/ }],
  ['exponent sign without digits', '[1E-]', { line: 1, column: 5, message: /expected a digit in the exponent/ }],
  ['minus alone', '-', { line: 1, column: 2, message: /invalid number, expected a digit, found end of input/ }],
  ['minus before a decimal point', '[-.5]', { line: 1, column: 3, message: /invalid number, expected a digit(?! )/ }],
  ['hex number', '0x10', { line: 1, column: 2 }],
  ['unterminated string', '"abc', { line: 1, column: 5, message: /unterminated/ }],
  ['unterminated escape', '"abc\\', { line: 1, column: 5 }],
  ['bad escape', '"a\\x"', { line: 1, column: 3, message: /invalid escape/ }],
  ['short unicode escape', '"\\u12"', { line: 1, column: 2 }],
  ['two values', '1 2', { line: 1, column: 3, message: /after the JSON value/ }],
  ['missing colon', '{"a" 1}', { line: 1, column: 6 }],
  ['unquoted key', '{a:1}', { line: 1, column: 2 }],
  ['missing comma', '[1 2]', { line: 1, column: 4 }],
  ['unclosed array', '[1', { line: 1, column: 3 }],
  ['unclosed object', '{"a":1', { line: 1, column: 7 }],
  ['truncated literal', 'tru', { line: 1, column: 1 }],
  ['capitalised literal', 'True', { line: 1, column: 1 }],
  ['BOM not at the start', ' \ufeff1', { line: 1, column: 2 }],
  ['CRLF counts as one line break', '[\r\n1,\r\n]', { line: 3, column: 1 }],
]

/** Whether JsonTextReader (templates reading JSON in place, issue 22) takes `text` as one JSON document. */
function skims(text: string): boolean {
  const reader = new JsonTextReader(text)
  reader.skipDocumentStart()
  if (!reader.skimValue(0)) return false
  reader.skipWhitespace()
  return reader.pos === text.length
}

describe('JsonTextReader accepts exactly what parseJson accepts', () => {
  it.each(VALID)('%s', (_, text) => expect(skims(text)).toBe(true))
  it.each(INVALID)('not %s', (_, text) => expect(skims(text)).toBe(false))
})

describe('parseJson', () => {
  it.each(VALID)('%s', (_, text, want) => expect(plain(parseJson(text))).toEqual(want))

  it.each(INVALID)('rejects %s (OXN-13)', (_, text, want) => {
    let error: unknown
    try {
      parseJson(text)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(JsonSyntaxError)
    const syntax = error as JsonSyntaxError
    expect({ line: syntax.line, column: syntax.column }).toEqual({ line: want.line, column: want.column })
    expect(syntax.message).toContain(`line ${want.line}, column ${want.column}`)
    if (want.message) expect(syntax.message).toMatch(want.message)
  })

  it('OXN-13 accepts 512 nested arrays and rejects 513', () => {
    expect(() => parseJson('['.repeat(512) + ']'.repeat(512))).not.toThrow()
    expect(() => parseJson('['.repeat(513) + ']'.repeat(513))).toThrow(/nesting deeper than 512/)
    expect(() => parseJson('{"a":'.repeat(512) + '1' + '}'.repeat(512))).not.toThrow()
    expect(() => parseJson('{"a":'.repeat(513) + '1' + '}'.repeat(513))).toThrow(JsonSyntaxError)
    expect(() => parseJson('[{"a":'.repeat(256) + '[]' + '}]'.repeat(256))).toThrow(JsonSyntaxError)
    expect(() => parseJson('[{"a":'.repeat(255) + '[]' + '}]'.repeat(255))).not.toThrow()
  })

  it('OXN-12 duplicate keys in a large object (map path)', () => {
    const members = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`)
    const text = '{' + members.join(',') + ',"k3":"last","k39":null}'
    const value = parseJson(text) as JsonObject
    expect(value.keys).toHaveLength(40)
    expect(value.get('k3')).toBe('last')
    expect(value.get('k39')).toBe(null)
    expect(value.keys[3]).toBe('k3')
  })

  // objects in an array are matched against the keys of the object before them
  it.each([
    [
      'same keys',
      '[{"a":1,"b":2},{"a":3,"b":4}]',
      [
        {
          o: [
            ['a', { n: '1' }],
            ['b', { n: '2' }],
          ],
        },
        {
          o: [
            ['a', { n: '3' }],
            ['b', { n: '4' }],
          ],
        },
      ],
    ],
    [
      'fewer keys',
      '[{"a":1,"b":2},{"a":3}]',
      [
        {
          o: [
            ['a', { n: '1' }],
            ['b', { n: '2' }],
          ],
        },
        { o: [['a', { n: '3' }]] },
      ],
    ],
    [
      'more keys',
      '[{"a":1},{"a":2,"b":3}]',
      [
        { o: [['a', { n: '1' }]] },
        {
          o: [
            ['a', { n: '2' }],
            ['b', { n: '3' }],
          ],
        },
      ],
    ],
    [
      'other order',
      '[{"a":1,"b":2},{"b":3,"a":4}]',
      [
        {
          o: [
            ['a', { n: '1' }],
            ['b', { n: '2' }],
          ],
        },
        {
          o: [
            ['b', { n: '3' }],
            ['a', { n: '4' }],
          ],
        },
      ],
    ],
    [
      'a longer key with the same start',
      '[{"ab":1},{"abc":2}]',
      [{ o: [['ab', { n: '1' }]] }, { o: [['abc', { n: '2' }]] }],
    ],
    ['space before the colon', '[{"a":1},{"a" :2}]', [{ o: [['a', { n: '1' }]] }, { o: [['a', { n: '2' }]] }]],
    ['empty objects', '[{},{"a":1},{}]', [{ o: [] }, { o: [['a', { n: '1' }]] }, { o: [] }]],
    [
      'OXN-12 a repeat after all keys matched',
      '[{"a":1,"b":2},{"a":3,"b":4,"a":5}]',
      [
        {
          o: [
            ['a', { n: '1' }],
            ['b', { n: '2' }],
          ],
        },
        {
          o: [
            ['a', { n: '5' }],
            ['b', { n: '4' }],
          ],
        },
      ],
    ],
    [
      'OXN-12 a repeat after a mismatch',
      '[{"a":1,"b":2},{"a":3,"a":4}]',
      [
        {
          o: [
            ['a', { n: '1' }],
            ['b', { n: '2' }],
          ],
        },
        { o: [['a', { n: '4' }]] },
      ],
    ],
    ['escaped keys', '[{"a\\"b":1},{"a\\"b":2}]', [{ o: [['a"b', { n: '1' }]] }, { o: [['a"b', { n: '2' }]] }]],
    [
      'nested objects',
      '[{"a":{"x":1}},{"a":{"y":2}}]',
      [{ o: [['a', { o: [['x', { n: '1' }]] }]] }, { o: [['a', { o: [['y', { n: '2' }]] }]] }],
    ],
  ])('keys of the previous item: %s', (_, text, want) => expect(plain(parseJson(text))).toEqual(want))

  it('OXN-13 a raw control character in a key is rejected after an escaped one of the same value', () => {
    expect(() => parseJson('[{"\\n":1},{"\n":2}]')).toThrow(/control character U\+000A/)
    // the escaped key's object holds an array of objects with plain keys: still no match in raw text
    expect(() => parseJson('[{"\\u0001":[{"b":1}]},{"\u0001":2}]')).toThrow(/control character U\+0001/)
  })

  it('agrees with JSON.parse on generated documents', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const make = (depth: number): unknown => {
      const r = random()
      if (depth > 4 || r < 0.3) {
        const s = random()
        if (s < 0.25) return Math.round(random() * 1e6) / 100 - 5000
        if (s < 0.5)
          return 'str' + String.fromCharCode(...Array.from({ length: 5 }, () => 32 + Math.floor(random() * 500)))
        if (s < 0.6) return s < 0.55
        if (s < 0.7) return null
        return '\n"\\\u0001'
      }
      if (r < 0.65) return Array.from({ length: Math.floor(random() * 5) }, () => make(depth + 1))
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 6) }, (_, i) => [`k${i}`, make(depth + 1)]))
    }
    const toPlainJs = (value: JsonValue): unknown => {
      if (value instanceof JsonNumber) return value.value
      if (value instanceof JsonObject)
        return Object.fromEntries(value.keys.map((k, i) => [k, toPlainJs(value.values[i]!)]))
      if (Array.isArray(value)) return value.map(toPlainJs)
      return value
    }
    for (let i = 0; i < 200; i++) {
      const text = JSON.stringify(make(0), null, i % 3)
      expect(toPlainJs(parseJson(text))).toEqual(JSON.parse(text))
    }
  })
})
