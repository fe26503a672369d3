/**
 * Numbers as text: xpath-functions.md XP-NUM-1, templates.md T-OUT-4, oxn.md OXN-R7, XP-CONV-2 (text),
 * and T-ESC-1 string escaping.
 */
import { describe, expect, it } from 'vitest'

import {
  formatJsonNumber,
  formatXPathNumber,
  isJsonNumberLiteral,
  jsonString,
  parseXPathDouble,
} from '../../../../runtime/oxn/index.js'

describe('XP-NUM-1 formatXPathNumber', () => {
  const CASES: [number, string][] = [
    [NaN, 'NaN'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
    [0, '0'],
    [-0, '0'],
    [3, '3'],
    [2.5, '2.5'],
    [-3.5, '-3.5'],
    [1000000, '1000000'],
    [0.1 + 0.2, '0.30000000000000004'],
    [0.000001, '0.000001'],
    [1e21, '1E21'],
    [1e-7, '1E-7'],
    [1.5e-7, '1.5E-7'],
    [12345678901234567890, '12345678901234567000'],
    [-1e21, '-1E21'],
    [-2.5e-10, '-2.5E-10'],
    [1.7976931348623157e308, '1.7976931348623157E308'],
  ]
  it.each(CASES)('%s -> %s', (n, want) => expect(formatXPathNumber(n)).toBe(want))
})

describe('T-OUT-4 formatJsonNumber', () => {
  const CASES: [number, string][] = [
    [19, '19'],
    [3.5, '3.5'],
    [0.1, '0.1'],
    [1e21, '1e+21'],
    [1.5e-7, '1.5e-7'],
    [-0, '0'],
    [0, '0'],
    [NaN, 'null'],
    [Infinity, 'null'],
    [-Infinity, 'null'],
    [-42, '-42'],
    [12345678901234567890, '12345678901234567000'],
  ]
  it.each(CASES)('%s -> %s', (n, want) => expect(formatJsonNumber(n)).toBe(want))
})

describe('OXN-R7 isJsonNumberLiteral', () => {
  const VALID = ['0', '-0', '3', '12.50', '1.50', '-7.25e2', '1E+3', '1e-7', '12345678901234567890', '0.0', '10e00']
  const INVALID = [
    '',
    ' 3',
    '3 ',
    '01',
    '+1',
    '.5',
    '5.',
    '1e',
    '1e+',
    '-',
    '0x10',
    'NaN',
    'Infinity',
    '1_000',
    '1,5',
    '--1',
    '1.2.3',
    'true',
  ]
  it.each(VALID)('%j is a JSON number', (text) => expect(isJsonNumberLiteral(text)).toBe(true))
  it.each(INVALID)('%j is not', (text) => expect(isJsonNumberLiteral(text)).toBe(false))
})

describe('XP-CONV-2 parseXPathDouble', () => {
  const CASES: [string, number][] = [
    ['12', 12],
    ['-3.5', -3.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E+3', 1000],
    ['+4', 4],
    ['INF', Infinity],
    ['+INF', Infinity],
    ['-INF', -Infinity],
    [' \t12\r\n', 12],
    ['-0', -0],
    ['007', 7],
    ['1.50', 1.5],
    ['NaN', NaN],
    ['', NaN],
    ['0x10', NaN],
    ['1_000', NaN],
    ['1,5', NaN],
    ['Infinity', NaN],
    ['inf', NaN],
    ['\u00a012', NaN],
    ['1e', NaN],
    ['e3', NaN],
    ['.', NaN],
    ['+', NaN],
    ['--1', NaN],
    ['nan', NaN],
    ['1 2', NaN],
  ]
  it.each(CASES)('%j -> %s', (text, want) => expect(parseXPathDouble(text)).toBe(want))
})

describe('T-ESC-1 jsonString', () => {
  const CASES: [string, string][] = [
    ['plain', '"plain"'],
    ['a"b', '"a\\"b"'],
    ['a\\b', '"a\\\\b"'],
    ['\b\f\n\r\t', '"\\b\\f\\n\\r\\t"'],
    ['\u0000\u001f\u000b', '"\\u0000\\u001f\\u000b"'],
    ['\ud800', '"\\ud800"'],
    ['x\udfffy', '"x\\udfffy"'],
    ['😀', '"😀"'],
    ['/', '"/"'],
    ['\u007f', '"\u007f"'],
    ['\u2028\u2029', '"\u2028\u2029"'],
    ['größe', '"größe"'],
  ]
  it.each(CASES)('%j', (text, want) => expect(jsonString(text)).toBe(want))
})
