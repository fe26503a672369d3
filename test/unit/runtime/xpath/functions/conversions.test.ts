/**
 * Argument conversion of extension functions (xpath-functions.md FN-0-2, XP-CONV-1..3): string
 * parameters take the first item (nodes by string value, numbers by XP-NUM-1, a decoded content value
 * as its text), boolean parameters XP-CONV-3, `oxn-array` the first item
 * with a document standing for its element, `any` the whole sequence; a given empty argument is
 * converted, never replaced by the context item; a map where a string is expected is an RF (XPTY0004).
 */
import { describe, expect, it } from 'vitest'

import { Content } from '../../../../../runtime/index.js'
import { failure, run } from './helpers.js'

const ROWS: [rule: string, expr: string, want: unknown[]][] = [
  ['FN-0-2 string: several items give the first', "tolower(('A', 'B'))", ['a']],
  ['FN-0-2 string: a node gives its string value', `capitalize-first(json-parse('{"a":"xy"}')/a)`, ['Xy']],
  ['FN-0-2 string: an attribute', 'base64-encode(xml-parse(\'<r a="hi"/>\')/r/@a)', ['aGk=']],
  ['XP-NUM-1 string: numbers', 'urlencode(1e21)', ['1E21']],
  ['XP-CONV-1 string: booleans', 'md5(true()) = md5("true")', [true]],
  ['XP-CONV-1 string: a date is cast', "base64-encode(xs:date('2024-05-01'))", ['MjAyNC0wNS0wMQ==']],
  ['XP-CONV-1 string: an XPath array gives its first member', 'toupper(["a", "b"])', ['A']],
  ['XP-CONV-1 string: a decoded content value gives its text', 'md5($body) = md5(\'{"a": 1}\')', [true]],
  ['FN-0-2 given empty argument is converted', 'string-length(tolower(()))', [0]],
  ['XP-CONV-3 boolean: a non-empty string is true', `json-stringify(sort(json-parse('[2,1]'), '', 'x'))`, ['[2,1]']],
  ['XP-CONV-3 boolean: an empty string is false', `json-stringify(sort(json-parse('[2,1]'), '', ''))`, ['[1,2]']],
  ['XP-CONV-3 boolean: a node is true', `json-stringify(json-parse('[1]'), json-parse('false'))`, ['[\n  1\n]']],
  ['XP-CONV-3 boolean: 0 is false', "base64-decode('a$b', 0)", ['i']],
  ['FN-0-2 oxn-array: a document stands for its element', `json-to-csv(json-to-xml('[[1,2]]'))`, ['1,2\r\n']],
  [
    'FN-0-2 oxn-array: the first item',
    `json-stringify(array-reverse((json-parse('[1,2]'), json-parse('[3]'))))`,
    ['[2,1]'],
  ],
  ['FN-0-2 any: the whole sequence', "json-stringify(array(('a', 'b')))", ['["a","b"]']],
  ['FN-0-2 any: an empty sequence', 'xml-to-json(()) = ""', [true]],
]

describe('argument conversion in both tiers', () => {
  it.each(ROWS)('%s: %s', (_rule, expr, want) => {
    expect(run(expr, { vars: { body: [Content.fromText('{"a": 1}', 'application/json')] } }).values).toEqual(want)
  })

  it('XP-CONV-1 a map where a string is expected is an RF (XPTY0004)', () => {
    expect(failure("tolower(map{'a': 1})")).toBe('XPTY0004')
    expect(failure("md5(map{'a': 1})")).toBe('XPTY0004')
  })
})
