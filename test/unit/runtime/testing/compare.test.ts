/**
 * The comparison of `assert` (actions.md ACT-assert-2 .. ACT-assert-4): normalising the actual value,
 * literal expected values, compare flags, and the texts of a failure line (operations.md TS11).
 */
import { describe, expect, it } from 'vitest'

import { oxnRoot, parseJson } from '../../../../runtime/oxn/index.js'
import { checkAssertionList, type Expected } from '../../../../runtime/testing/assertion-spec.js'
import { actualOf, compare, type GoldenReader, jsonEqual } from '../../../../runtime/testing/compare.js'
import { Content } from '../../../../runtime/values/content.js'
import type { Sequence } from '../../../../runtime/values/item.js'
import type { JsonObject } from '../../../../runtime/values/json-value.js'

const json = (text: string): Sequence => [oxnRoot(parseJson(text))]
/** The value of member `key` of a JSON object, as a path step gives it. */
const member = (text: string, key: string): Sequence => {
  const root = oxnRoot(parseJson(text))
  return [root.childAt((root.json as JsonObject).keys.indexOf(key))!]
}

const GOLDEN: Record<string, string> = {
  'golden/text.txt': 'Hello, Ada!\n',
  'golden/two-lines.txt': 'a\nb\n\n',
  'golden/order.json': '{ "id": 7, "items": [1, 2], "note": null }\n',
  'golden/broken.json': '{ "id": ',
}
const readGolden: GoldenReader = (file) => GOLDEN[file]

const CASES: [string, Sequence, Expected, boolean][] = [
  // ACT-assert-3: null
  ['an empty sequence is null', [], null, true],
  ['a JSON null is null', member('{"a": null}', 'a'), null, true],
  ['an empty string is not null', [''], null, false],
  // boolean: equality for booleans, XPath boolean() otherwise
  ['true is true', [true], true, true],
  ['a JSON false is not true', member('{"a": false}', 'a'), true, false],
  ['a non-empty string is true', ['x'], true, true],
  ['an empty sequence is false', [], false, true],
  ['a node is true', json('{}'), true, true],
  ['0 is false', [0], false, true],
  // number: XPath number()
  ['a number', [5], 5, true],
  ['a numeric string', [' 5 '], 5, true],
  ['a JSON number literal with a different text', member('{"a": 1.50}', 'a'), 1.5, true],
  ['a JSON string holding a number', member('{"a": "2"}', 'a'), 2, true],
  ['a boolean as number', [true], 1, true],
  ['NaN never passes', ['x'], Number.NaN, false],
  ['structured JSON is not a number', json('[5]'), 5, false],
  // string: the XPath string value
  ['a string', ['abc'], 'abc', true],
  ['strings compare exactly', ['abc '], 'abc', false],
  ['a number as string', [2], '2', true],
  ['a JSON number keeps its literal text', member('{"a": 1.50}', 'a'), '1.50', true],
  ['a boolean as string', [false], 'false', true],
  ['structured JSON as compact JSON text', json('{ "a": [1, 2], "b": "x" }'), '{"a":[1,2],"b":"x"}', true],
  ['a content value as its text', [new Content(Buffer.from('{"a":1}'), 'application/json')], '{"a":1}', true],
  ['only the first item counts', ['a', 'b'], 'a', true],
  // ACT-assert-4: flags
  ['contains', ['application/json; charset=utf-8'], { contains: 'json' }, true],
  ['contains fails', ['text/html'], { contains: 'json' }, false],
  ['pattern', ['ord-123'], { pattern: '/^ord-[0-9]+$/' }, true],
  ['pattern with a modifier', ['ORD-1'], { pattern: '#^ord-\\d$#i' }, true],
  ['pattern fails', ['ord-x'], { pattern: '/^ord-[0-9]+$/' }, false],
  ['golden text: one trailing line break removed', ['Hello, Ada!'], { file: 'golden/text.txt' }, true],
  ['golden text: only one line break', ['a\nb'], { file: 'golden/two-lines.txt' }, false],
  ['golden text: with one line break', ['a\nb\n'], { file: 'golden/two-lines.txt' }, true],
  [
    'golden JSON: key order and formatting do not matter',
    json('{"note":null,"items":[1,2],"id":7.0}'),
    { file: 'golden/order.json', mode: 'json' },
    true,
  ],
  [
    'golden JSON: a string is parsed',
    ['{"id":7,"note":null,"items":[1,2]}'],
    { file: 'golden/order.json', mode: 'json' },
    true,
  ],
  [
    'golden JSON: array order matters',
    json('{"id":7,"items":[2,1],"note":null}'),
    { file: 'golden/order.json', mode: 'json' },
    false,
  ],
  [
    'golden JSON: a missing member fails',
    json('{"id":7,"items":[1,2]}'),
    { file: 'golden/order.json', mode: 'json' },
    false,
  ],
  ['golden JSON: unparsable actual fails', ['{'], { file: 'golden/order.json', mode: 'json' }, false],
  ['golden JSON: unparsable golden fails', json('{"id":7}'), { file: 'golden/broken.json', mode: 'json' }, false],
  ['a missing golden file fails', ['x'], { file: 'golden/none.txt' }, false],
  ['all flags must pass', ['Hello, Ada!'], { file: 'golden/text.txt', contains: 'Bob' }, false],
]

describe('assert comparison', () => {
  it.each(CASES)('%s', (_, raw, expected, pass) => {
    expect(compare(actualOf(raw), expected, readGolden).pass).toBe(pass)
  })

  it('TS11: the texts of a failure line', () => {
    expect(compare(actualOf([55]), 50, readGolden)).toEqual({ pass: false, expected: '50', actual: '55' })
    expect(compare(actualOf(['en']), 'de', readGolden)).toMatchObject({ expected: '"de"', actual: '"en"' })
    expect(compare(actualOf(json('{"a":[1]}')), null, readGolden)).toMatchObject({
      expected: 'null',
      actual: '{"a":[1]}',
    })
    expect(compare(actualOf([]), true, readGolden)).toMatchObject({ expected: 'true', actual: 'null' })
    expect(compare(actualOf(['x']), { contains: 'y', pattern: '/z/' }, readGolden).expected).toBe(
      'a string containing "y" and a string matching /z/',
    )
    expect(compare(actualOf(['x']), { file: 'golden/none.txt' }, readGolden).expected).toBe(
      'text of golden/none.txt (file not found)',
    )
    expect(compare(actualOf(['x']), { file: 'golden/order.json', mode: 'json' }, readGolden).expected).toBe(
      'JSON of golden/order.json',
    )
    expect(compare(actualOf(['x'.repeat(400)]), 'y', readGolden).actual).toHaveLength(301)
  })

  it('JSON equality compares numbers by value and objects without order', () => {
    expect(jsonEqual(parseJson('{"a":1,"b":[true,null]}'), parseJson('{"b":[true,null],"a":1.0}'))).toBe(true)
    expect(jsonEqual(parseJson('{"a":1}'), parseJson('{"a":1,"b":2}'))).toBe(false)
    expect(jsonEqual(parseJson('[1,2]'), parseJson('{"0":1,"1":2}'))).toBe(false)
  })
})

describe('assertion shape at run time (ACT-assert-1)', () => {
  it('gives the expected value default true and a null message', () => {
    const checked = checkAssertionList(parseJson('[["$a"], ["$b", 2, "two"], ["$c", {"contains": "x"}]]'))
    expect(checked).toEqual({
      ok: true,
      assertions: [
        { expression: '$a', expected: true, message: null },
        { expression: '$b', expected: 2, message: 'two' },
        { expression: '$c', expected: { contains: 'x' }, message: null },
      ],
    })
  })

  it.each([
    ['"x"', 'the body must be a JSON array of assertions, not a string'],
    ['[["  "]]', 'the expression of assertion 1 is empty'],
    ['[["$a", {}]]', 'the compare flags of assertion 1 are empty; use file, mode, contains or pattern'],
    ['[["$a", {"file": ""}]]', 'the compare flag file of assertion 1 is empty'],
    [
      '[["$a", {"mode": "xml", "file": "f"}]]',
      'the compare flag mode of assertion 1 must be "text" or "json", not "xml"',
    ],
    ['[["$a", {"contains": 1}]]', 'the compare flag contains of assertion 1 must be a string, not a number'],
  ])('%s is refused: %s', (body, message) => {
    const checked = checkAssertionList(parseJson(body))
    expect(checked.ok ? null : checked.problem.message).toBe(message)
  })
})
