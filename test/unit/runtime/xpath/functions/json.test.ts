/**
 * JSON functions (xpath-functions.md 10.4): every example of FN-json-parse, FN-json-stringify,
 * FN-json-to-xml, FN-xml-to-json, FN-json-to-csv, FN-array, FN-array-reverse and FN-sort, with edge
 * cases (empty sequence, wrong types, invalid JSON, huge input), in both tiers.
 */
import { describe, expect, it } from 'vitest'

import { Content, oxnRoot, parseJson, parseXmlText, type XNode } from '../../../../../runtime/index.js'
import { lit, result, run, values } from './helpers.js'

function xml(text: string): XNode {
  const parsed = parseXmlText(text)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.document
}

const MENU = (xml('<menu><dish>Soup</dish><dish>Stew</dish></menu>') as unknown as { documentElement: XNode })
  .documentElement
const IMG = (xml('<img alt="logo" width="80"/>') as unknown as { documentElement: XNode }).documentElement
const PEOPLE = oxnRoot(parseJson('[{"n":"Kim","age":41},{"n":"Al","age":9},{"n":"Bo"}]'))
const ROWS_JSON = '[["x", 1, null], {"p": "a,b", "q": "say \\"no\\"", "r": true}, [" pad "]]'

type Row = [rule: string, expr: string, want: unknown[], focus?: XNode]

const ROWS: Row[] = [
  ['FN-json-parse-1 example', `json-parse('{"tier":"gold","limit":50}')/limit * 2`, [100]],
  ['FN-json-parse-1 any top-level value', `svc-serialize(json-parse('3'), false())`, ['<json number="">3</json>']],
  ['FN-json-parse-1 the root element', `name(json-parse('{}'))`, ['json']],
  ['FN-json-parse-1 number literals kept', `string(json-parse('[1.50]')/value)`, ['1.50']],
  ['FN-json-parse-1 assertion example', `json-parse($response)/total = 3`, [true]],
  ['FN-json-stringify-1 example', `json-stringify(json-parse('{ "a" : [ 1 , 2.50 ] }'))`, ['{"a":[1,2.50]}']],
  ['FN-json-stringify-1 example string', `json-stringify('x"y')`, ['"x\\"y"']],
  ['FN-json-stringify-1 example empty', 'json-stringify(())', ['null']],
  ['FN-json-stringify-1 example number', 'json-stringify(4 div 2)', ['2']],
  [
    'FN-json-stringify-2 example pretty',
    `json-stringify(json-parse('{"a":[1]}'), true())`,
    ['{\n  "a": [\n    1\n  ]\n}'],
  ],
  [
    'FN-json-stringify-2 pretty keeps literals and empty containers',
    `json-stringify(json-parse('{"a":1.50,"b":{},"c":[]}'), true())`,
    ['{\n  "a": 1.50,\n  "b": {},\n  "c": []\n}'],
  ],
  ['FN-json-stringify-1 first item only', 'json-stringify((1, 2))', ['1']],
  ['FN-json-stringify-1 NaN is null', "json-stringify(number('x'))", ['null']],
  ['FN-json-stringify-1 map', "json-stringify(map{'a': 1})", ['{"a":1}']],
  ['FN-json-stringify-1 array', "json-stringify([1, 'b'])", ['[1,"b"]']],
  ['FN-json-stringify-1 boolean', 'json-stringify(true())', ['true']],
  [
    'FN-json-stringify-1 untyped XML (OXN-R3)',
    "json-stringify(xml-parse('<s><i>4</i><i>0</i><w>B2</w></s>'))",
    ['{"i":[4,0],"w":"B2"}'],
  ],
  ['FN-json-stringify-1 attribute (OXN-R6)', 'json-stringify(xml-parse(\'<s code="0042"/>\')/s/@code)', ['"0042"']],
  ['FN-json-to-xml-1 example', `string(json-to-xml('{"a":1}')/json/a)`, ['1']],
  ['FN-json-to-xml-1 a document node', `json-to-xml('[]') instance of document-node()`, [true]],
  ['FN-xml-to-json-1 example OXN', `xml-to-json(json-parse('{"k":true}'))`, ['{"k":true}']],
  ['FN-xml-to-json-1 example XML', `xml-to-json(xml-parse('<r><a>1</a><b>x</b></r>'))`, ['{"a":1,"b":"x"}']],
  ['FN-xml-to-json-1 a member node', `xml-to-json(json-parse('{"a":{"b":[1,2]}}')/a)`, ['{"b":[1,2]}']],
  [
    'FN-json-to-csv example',
    `json-to-csv(json-parse(${lit(ROWS_JSON)}))`,
    ['x,1,\r\n"a,b","say ""no""",true\r\n pad \r\n'],
  ],
  ['FN-json-to-csv-4 empty array', `json-to-csv(json-parse('[]'))`, ['']],
  [
    'FN-json-to-csv-1 rows of different lengths, number literals',
    `json-to-csv(json-parse('[[1.50],["a","b"]]'))`,
    ['1.50\r\na,b\r\n'],
  ],
  [
    'FN-json-to-csv-3 line breaks are quoted',
    `json-to-csv(json-parse('[["a\\nb", "c\\rd", "e"]]'))`,
    ['"a\nb","c\rd",e\r\n'],
  ],
  ['FN-json-to-csv-1 a document of an array', `json-to-csv(json-to-xml('[[1]]'))`, ['1\r\n']],
  ['FN-array-1 example elements', 'json-stringify(array(dish))', ['["Soup","Stew"]'], MENU],
  ['FN-array-1 example atomic values', "json-stringify(array(('a', 2, true())))", ['["a",2,true]']],
  ['FN-array-1 example attributes', 'array(@*)/value/@name/string()', ['alt', 'width'], IMG],
  ['FN-array-1 example attributes render', 'json-stringify(array(@*))', ['["logo",80]'], IMG],
  ['FN-array-3 empty', 'json-stringify(array(()))', ['[]']],
  ['FN-array-1 root json with the array attribute', 'array(()) ! (name(), exists(@array))', ['json', true]],
  ['FN-array-2 children are copies under the new array', 'name(array(dish)/dish[1]/..)', ['json'], MENU],
  ['FN-array-2 copies are not the originals', 'array(dish)/dish[1] is dish[1]', [false], MENU],
  ['FN-array-1 OXN elements keep their names', `string(array(json-parse('{"a":{"b":1}}')/a)/a/b)`, ['1']],
  ['FN-array-1 json-element names', `array(json-parse('{"x y":1}')/*)/json-element/@name/string()`, ['x y']],
  ['FN-array-1 a document gives its element', `json-stringify(array(json-to-xml('{"a":1}')))`, ['[{"a":1}]']],
  [
    'FN-array-1 numbers in T-OUT-4 form, NaN and INF null',
    "json-stringify(array((1e21, number('x'), 1 div 0, 0.5)))",
    ['[1e+21,null,null,0.5]'],
  ],
  ['FN-array-1 maps and arrays as JSON', "json-stringify(array((map{'k': [1]}, [true()])))", ['[{"k":[1]},[true]]']],
  ['FN-array-1 text node untyped', "json-stringify(array(xml-parse('<a>12</a>')/a/text()))", ['[12]']],
  ['FN-array-1 comment as string', "json-stringify(array(xml-parse('<a><!--12--></a>')/a/comment()))", ['["12"]']],
  ['FN-array-1 date as string', "json-stringify(array(xs:date('2024-05-01')))", ['["2024-05-01"]']],
  [
    'FN-array-1 OXN value items stay OXN',
    `array(json-parse('[1,{"a":2}]')/value) ! json-stringify(.)`,
    ['[1,{"a":2}]'],
  ],
  ['FN-array-reverse-1 example', `json-stringify(array-reverse(json-parse('["x","y","z"]')))`, ['["z","y","x"]']],
  ['FN-array-reverse-1 of a DOM array', 'json-stringify(array-reverse(array(dish)))', ['["Stew","Soup"]'], MENU],
  ['FN-array-reverse-1 new copies', `let $a := json-parse('[1]') return array-reverse($a)/value is $a/value`, [false]],
  ['FN-sort example by age', "sort($people, 'age')/value/n/string()", ['Al', 'Kim', 'Bo']],
  ['FN-sort example by name descending', "sort($people, 'n', true())/value/n/string()", ['Kim', 'Bo', 'Al']],
  ['FN-sort example mixed', `json-stringify(sort(json-parse('[10, 9, "b", "a"]')))`, ['[9,10,"a","b"]']],
  [
    'FN-sort-4 descending mixed, numbers after strings',
    `json-stringify(sort(json-parse('[10, 9, "b", "a"]'), '', true()))`,
    ['["b","a",10,9]'],
  ],
  [
    'FN-sort-4 missing keys last in both directions',
    `json-stringify(sort(json-parse('[{"k":2},{},{"k":null},{"k":1}]'), 'k', true()))`,
    ['[{"k":2},{"k":1},{},{"k":null}]'],
  ],
  [
    'FN-sort-4 stable',
    `json-stringify(sort(json-parse('[{"k":1,"i":1},{"k":0,"i":2},{"k":1,"i":3}]'), 'k'))`,
    ['[{"k":0,"i":2},{"k":1,"i":1},{"k":1,"i":3}]'],
  ],
  [
    'FN-sort-4 stable descending',
    `json-stringify(sort(json-parse('[{"k":1,"i":1},{"k":0,"i":2},{"k":1,"i":3}]'), 'k', true()))`,
    ['[{"k":1,"i":1},{"k":1,"i":3},{"k":0,"i":2}]'],
  ],
  [
    'FN-sort-2 key expression',
    `json-stringify(sort(json-parse('["bb","a","ccc"]'), 'string-length(.)'))`,
    ['["a","bb","ccc"]'],
  ],
  [
    'FN-sort-2 key sees global variables',
    `json-stringify(sort(json-parse('[{"a":1,"b":2},{"a":2,"b":1}]'), 'if ($by = "b") then b else a'))`,
    ['[{"a":2,"b":1},{"a":1,"b":2}]'],
  ],
  ['FN-sort-3 numeric strings are strings', `json-stringify(sort(json-parse('["10","9"]')))`, ['["10","9"]']],
  [
    'FN-sort-3 untyped numeric text is a number',
    "json-stringify(sort(array(xml-parse('<r><v>10</v><v>9</v></r>')/r/v)))",
    ['["9","10"]'.replace(/"/g, '')],
  ],
  ['FN-sort-3 booleans are strings', `json-stringify(sort(json-parse('[true,false,1]')))`, ['[1,false,true]']],
  ['FN-sort-1 a new array', `let $a := json-parse('[1]') return sort($a)/value is $a/value`, [false]],
  [
    'FN-sort-1 computed key from a variable',
    `json-stringify(sort(json-parse('[{"n":2},{"n":1}]'), $key))`,
    ['[{"n":1},{"n":2}]'],
  ],
]

describe('JSON functions in both tiers', () => {
  it.each(ROWS)('%s: %s', (_rule, expr, want, focus) => {
    const response = Content.fromText('{"total": 3}', 'application/json')
    const outcome = run(expr, {
      vars: { people: [PEOPLE], response: [response], by: ['b'], key: ['n'] },
      ...(focus ? { focus } : {}),
    })
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([])
  })
})

describe('JSON function failures (FN-0-3)', () => {
  const CASES: [string, string, unknown[], string][] = [
    [
      'FN-json-parse-2 example',
      `json-parse('[1,')`,
      [],
      'json-parse(): invalid JSON at 1:4 (unexpected end of input, expected a JSON value)',
    ],
    [
      'FN-json-parse-2 empty string',
      `json-parse('')`,
      [],
      'json-parse(): invalid JSON at 1:1 (unexpected end of input, expected a JSON value)',
    ],
    [
      'FN-json-parse-2 empty sequence',
      'json-parse(())',
      [],
      'json-parse(): invalid JSON at 1:1 (unexpected end of input, expected a JSON value)',
    ],
    [
      'OXN-13 no trailing commas',
      `json-parse('[1,]')`,
      [],
      "json-parse(): invalid JSON at 1:4 (unexpected character ']', expected a JSON value)",
    ],
    [
      'FN-json-to-xml-1 invalid JSON',
      `json-to-xml('{')`,
      [],
      'json-to-xml(): invalid JSON at 1:2 (unexpected end of input, expected a member name)',
    ],
    ['FN-xml-to-json-2 empty', 'xml-to-json(())', [''], 'xml-to-json(): the argument is empty'],
    [
      'FN-xml-to-json-2 several items',
      `xml-to-json(json-parse('[1,2]')/value)`,
      [''],
      'xml-to-json(): expected one node, got 2 items',
    ],
    ['FN-xml-to-json-2 atomic value', "xml-to-json('x')", [''], 'xml-to-json(): the argument is not a node'],
    [
      'FN-json-to-csv-5 not an array',
      `json-to-csv(json-parse('{}'))`,
      [''],
      'json-to-csv(): the argument is not an OXN array',
    ],
    ['FN-json-to-csv-5 a string', "json-to-csv('[[1]]')", [''], 'json-to-csv(): the argument is not an OXN array'],
    [
      'FN-json-to-csv-5 scalar row',
      `json-to-csv(json-parse('[[1], 2]'))`,
      [''],
      'json-to-csv(): a row is not an array or object',
    ],
    [
      'FN-json-to-csv-5 container in a row',
      `json-to-csv(json-parse('[[1, [2]]]'))`,
      [''],
      'json-to-csv(): a row holds an object or array',
    ],
    [
      'FN-array-reverse-2 not an array',
      `array-reverse(json-parse('{}'))`,
      [],
      'array-reverse(): the argument is not an OXN array',
    ],
    ['FN-array-reverse-2 empty', 'array-reverse(())', [], 'array-reverse(): the argument is not an OXN array'],
    ['FN-sort-5 not an array', "sort('x')", [], 'sort(): the argument is not an OXN array'],
    [
      'FN-sort-2 computed key with a syntax error',
      `sort(json-parse('[1]'), concat('a', '/'))`,
      [],
      'sort(): invalid key expression "a/": expected end of input',
    ],
    [
      'FN-sort-2 computed key with an unknown function',
      `sort(json-parse('[1]'), concat('nope', '()'))`,
      [],
      'sort(): invalid key expression "nope()": unknown function nope()',
    ],
  ]
  it.each(CASES)('%s', (_rule, expr, want, message) => {
    const outcome = run(expr)
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([`warn [eval] ${message}`])
  })
})

describe('JSON functions on big input', () => {
  it('parses, sorts and renders a large array', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: (i * 7919) % 20_000, name: `n${i}` }))
    const text = JSON.stringify(items)
    const sorted = values("json-stringify(sort(json-parse($t), 'id'))", { vars: { t: [text] } })
    const expected = [...items].sort((a, b) => a.id - b.id)
    expect(JSON.parse(sorted[0] as string)).toEqual(expected)
  })

  it('OXN-13 refuses 513 nested arrays and accepts 512', () => {
    expect(values('count(json-parse($t))', { vars: { t: ['['.repeat(512) + ']'.repeat(512)] } })).toEqual([1])
    expect(run('count(json-parse($t))', { vars: { t: ['['.repeat(513) + ']'.repeat(513)] } }).values).toEqual([0])
  })

  it('FN-0-5 every call builds a new tree', () => {
    const [a, b] = [result(`json-parse('{"a":1}')`)[0], result(`json-parse('{"a":1}')`)[0]]
    expect(a).not.toBe(b)
    expect(values(`json-parse('{"a":1}') is json-parse('{"a":1}')`)).toEqual([false])
  })
})
