/**
 * Rendering to JSON: oxn.md OXN-R1..OXN-R8 (every example table), OXN-X4, templates.md T-OUT-2..T-OUT-9,
 * FN-json-stringify-2 layout.
 */
import * as slimdom from 'slimdom'
import { describe, expect, it } from 'vitest'

import {
  childByName,
  childElements,
  oxnDocument,
  oxnRoot,
  parseJson,
  prettyJson,
  renderJson,
  renderSequenceJson,
  XPathValueError,
} from '../../../../runtime/oxn/index.js'
import {
  Content,
  EngineValue,
  type Item,
  JsonNumber,
  JsonObject,
  XPathArray,
  XPathMap,
} from '../../../../runtime/values/index.js'

const xml = (text: string) => slimdom.parseXmlDocument(text)
const element = (text: string) => xml(text).documentElement!

const SECTION_1_JSON = `{"cart": {"id": "c-17", "lines": [{"sku": "K9", "qty": 2}], "unit price": 4.10, "gift": false,
 "coupon": null, "notes": [], "meta": {}}}`

describe('OXN-R examples (oxn.md section 4 table)', () => {
  const CASES: [string, () => Item, string][] = [
    [
      'the cart element of the section 1 example',
      () => childByName(oxnRoot(parseJson(SECTION_1_JSON)), 'cart')[0]!,
      '{"id":"c-17","lines":[{"sku":"K9","qty":2}],"unit price":4.10,"gift":false,"coupon":null,"notes":[],"meta":{}}',
    ],
    ['<qty number="">2</qty>', () => childElements(oxnRoot(parseJson('{"qty":2}')))[0]!, '2'],
    ['<n number=""> 7 </n> (hand-built OXN)', () => oxnRoot(new JsonNumber(' 7 ')), '7'],
    ['<n number=""> 7 </n> (hand-built DOM)', () => element('<n number=""> 7 </n>'), '7'],
    [
      '<stock><item>4</item><item>0</item><where>B2</where></stock>',
      () => element('<stock><item>4</item><item>0</item><where>B2</where></stock>'),
      '{"item":[4,0],"where":"B2"}',
    ],
    ['<stock code="x"/>', () => element('<stock code="x"/>'), '""'],
    ['attribute code="0042"', () => element('<s code="0042"/>').attributes[0]!, '"0042"'],
    ['attribute code="42"', () => element('<s code="42"/>').attributes[0]!, '42'],
    ['<li>Tea &amp; <i>cake</i></li>', () => element('<li>Tea &amp; <i>cake</i></li>'), '"Tea & cake"'],
  ]
  it.each(CASES)('%s', (_, node, want) => expect(renderJson(node())).toBe(want))
})

describe('OXN-R1..R7 rules', () => {
  const CASES: [string, () => Item, string][] = [
    ['R1 OXN document renders its element', () => oxnDocument(parseJson('{"a":[1,2]}')), '{"a":[1,2]}'],
    ['R1 DOM document renders its element', () => xml('<?xml version="1.0"?><!--c--><r><a>1</a></r>'), '{"a":1}'],
    ['R1 a document without element is null', () => new slimdom.Document(), 'null'],
    ['R2 string', () => oxnRoot('a"b\n'), '"a\\"b\\n"'],
    ['R2 empty string', () => oxnRoot(''), '""'],
    ['R2 number literal unchanged', () => oxnRoot(new JsonNumber('-7.25E2')), '-7.25E2'],
    ['R2 number text that is no JSON literal is converted', () => oxnRoot(new JsonNumber('+5')), '5'],
    ['R2 number text 1. -> 1', () => oxnRoot(new JsonNumber('1.')), '1'],
    ['R2 number text that is not numeric -> null', () => oxnRoot(new JsonNumber('abc')), 'null'],
    ['R2 number text INF -> null', () => oxnRoot(new JsonNumber('INF')), 'null'],
    ['R2 boolean', () => oxnRoot(false), 'false'],
    ['R2 null', () => oxnRoot(null), 'null'],
    ['R2 empty containers', () => oxnRoot(parseJson('[{},[]]')), '[{},[]]'],
    [
      'R2 repeated keys of a hand-built object group at the first position',
      () => oxnRoot(new JsonObject(['set-cookie', 'x', 'set-cookie'], ['a=1', 'y', 'b=2'])),
      '{"set-cookie":["a=1","b=2"],"x":"y"}',
    ],
    [
      'R2 repeated keys in a large hand-built object',
      () =>
        oxnRoot(
          new JsonObject(
            [...'abcdefghij'.split(''), 'c'],
            [...'abcdefghij'.split('').map((k) => k.toUpperCase()), null],
          ),
        ),
      '{"a":"A","b":"B","c":["C",null],"d":"D","e":"E","f":"F","g":"G","h":"H","i":"I","j":"J"}',
    ],
    [
      'R2/X4 typed DOM element',
      () =>
        element(
          '<o object=""><a string="">x</a><b number="">1.0</b><c boolean=""> 1 </c><d null=""/>' +
            '<e array=""><value number="">1</value><x string="">y</x></e><json-element name="k k" boolean="">false</json-element></o>',
        ),
      '{"a":"x","b":1.0,"c":true,"d":null,"e":[1,"y"],"k k":false}',
    ],
    [
      'R2/X4 typed object ignores text and groups repeated keys',
      () => element('<o object="">t<a number="">1</a> <a number="">2</a></o>'),
      '{"a":[1,2]}',
    ],
    [
      'R2/X4 first type attribute in precedence order wins',
      () => element('<x string="" object=""><a>1</a></x>'),
      '{"a":1}',
    ],
    [
      'R2/X4 typed array renders untyped children',
      () => element('<a array=""><i>1</i><i><b>x</b></i></a>'),
      '[1,{"b":"x"}]',
    ],
    ['R2/X4 boolean text other than true/1 is false', () => element('<b boolean="">yes</b>'), 'false'],
    ['R2/X4 boolean true', () => element('<b boolean="">true</b>'), 'true'],
    ['R2/X4 number not numeric', () => element('<n number="">abc</n>'), 'null'],
    [
      'R2/X4 an overflowing literal is still a valid JSON literal (OXN-R7)',
      () => element('<n number="">1e400</n>'),
      '1e400',
    ],
    ['R2/X4 string keeps digits as text', () => element('<s string="">007</s>'), '"007"'],
    [
      'R2/X4 type attribute in a namespace does not count',
      () => element('<s xmlns:p="u" p:number="">007</s>'),
      '"007"',
    ],
    ['R3 mixed content is a string', () => element('<p>Hello <b>you</b></p>'), '"Hello you"'],
    ['R3 repeated child keys', () => element('<h><c>1</c><c>2</c></h>'), '{"c":[1,2]}'],
    [
      'R3 whitespace, comments and attributes ignored',
      () => element('<a x="1">\n  <b>x</b><!--c-->\n  <?pi d?></a>'),
      '{"b":"x"}',
    ],
    [
      'R3 json-element with a name attribute',
      () => element('<r><json-element name="a b">1</json-element><json-element>2</json-element></r>'),
      '{"a b":1,"json-element":2}',
    ],
    [
      'R3 qualified names as written',
      () => element('<soap:Envelope xmlns:soap="urn:s"><soap:Body>x</soap:Body></soap:Envelope>'),
      '{"soap:Body":"x"}',
    ],
    ['R3 empty element is an empty string', () => element('<a><!--only a comment--></a>'), '""'],
    ['R3 CDATA counts as text', () => element('<a><![CDATA[12]]></a>'), '12'],
    ['R3 nested objects', () => element('<a><b><c>1</c></b><d/></a>'), '{"b":{"c":1},"d":""}'],
    ['R4 comment as a string', () => element('<a><!--12--></a>').firstChild!, '"12"'],
    ['R4 processing instruction as a string', () => element('<a><?pi 42?></a>').firstChild!, '"42"'],
    ['R4 OXN text node by R6', () => childElements(oxnRoot(parseJson('{"a":"42"}')))[0]!.textNode()!, '42'],
    ['R4 OXN type attribute is an empty string', () => oxnRoot(null).attributeNodes()[0]!, '""'],
    [
      'R4 OXN name attribute by R6',
      () => childElements(oxnRoot(parseJson('{"1":true}')))[0]!.attributeNodes()[0]!,
      '1',
    ],
    ['R6 <qty>3</qty>', () => element('<qty>3</qty>'), '3'],
    ['R6 <price>12.50</price>', () => element('<price>12.50</price>'), '12.50'],
    ['R6 <zip>01097</zip>', () => element('<zip>01097</zip>'), '"01097"'],
    ['R6 <n> 3</n>', () => element('<n> 3</n>'), '" 3"'],
    ['R6 <ok>true</ok>', () => element('<ok>true</ok>'), '"true"'],
    ['R6 <v>null</v>', () => element('<v>null</v>'), '"null"'],
    ['R6 <n>-1.5e3</n>', () => element('<n>-1.5e3</n>'), '-1.5e3'],
    ['R6 text node', () => element('<a>x"y</a>').firstChild!, '"x\\"y"'],
  ]
  it.each(CASES)('%s', (_, node, want) => expect(renderJson(node())).toBe(want))
})

describe('OXN-R8 round trip', () => {
  const CASES: [string, string][] = [
    [' { "a" : [ 1 , 2.50 ] } ', '{"a":[1,2.50]}'],
    ['{"a":1,"b":2,"a":3}', '{"a":3,"b":2}'],
    ['[1E+3, -0, 0.10, 12345678901234567890]', '[1E+3,-0,0.10,12345678901234567890]'],
    ['"\\u00e9\\/\\ud800\\u2028"', '"é/\\ud800\u2028"'],
    ['{"":{"json-element":{"a b":[null,true,false,{}]}}}', '{"":{"json-element":{"a b":[null,true,false,{}]}}}'],
    ['"\\u001F\\t"', '"\\u001f\\t"'],
  ]
  it.each(CASES)('%s', (text, want) => expect(renderJson(oxnRoot(parseJson(text)))).toBe(want))

  it('matches JSON.stringify for generated documents', () => {
    let seed = 11
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const make = (depth: number): unknown => {
      const r = random()
      if (depth > 4 || r < 0.3) {
        const s = random()
        if (s < 0.3) return Math.round(random() * 1e6) / 100 - 5000
        if (s < 0.6) return String.fromCharCode(...Array.from({ length: 6 }, () => Math.floor(random() * 0x3000)))
        return s < 0.8 ? s < 0.7 : null
      }
      if (r < 0.6) return Array.from({ length: Math.floor(random() * 5) }, () => make(depth + 1))
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 6) }, (_, i) => [
          random() < 0.2 ? `k ${i}` : `k${i}`,
          make(depth + 1),
        ]),
      )
    }
    for (let i = 0; i < 200; i++) {
      const value = make(0)
      expect(renderJson(oxnDocument(parseJson(JSON.stringify(value, null, 1))))).toBe(JSON.stringify(value))
    }
  })
})

describe('T-OUT typed output', () => {
  const map = (entries: [string | number | boolean, Item[]][]) => new XPathMap(new Map(entries))
  const CASES: [string, Item[], string][] = [
    ['T-OUT-2 empty sequence', [], 'null'],
    ['T-OUT-4 1 + 1', [2], '2'],
    ['T-OUT-4 7 div 2', [3.5], '3.5'],
    ["T-OUT-4 number('x')", [NaN], 'null'],
    ['T-OUT-4 1e21', [1e21], '1e+21'],
    ['T-OUT-4 -0', [-0], '0'],
    ["T-OUT-6 'a\"b'", ['a"b'], '"a\\"b"'],
    ['T-OUT-6 string(12)', ['12'], '"12"'],
    ['T-OUT-5 2 > 1', [true], 'true'],
    ['T-OUT-6 current-date()', [new EngineValue(new Date(0), '2024-05-01Z', 'xs:date')], '"2024-05-01Z"'],
    ['T-OUT-9 function item', [new EngineValue(() => 1, 'f', 'function(*)')], 'null'],
    ['T-OUT-7 OXN <n number="">4.10</n>', [oxnRoot(new JsonNumber('4.10'))], '4.10'],
    ['T-OUT-7 OXN object', [oxnRoot(JsonObject.fromEntries([['a', 'x']]))], '{"a":"x"}'],
    ['T-OUT-7 untyped <qty>3</qty>', [element('<qty>3</qty>')], '3'],
    ['T-OUT-7 untyped <code>007</code>', [element('<code>007</code>')], '"007"'],
    ['T-OUT-8 map{"a": 1}', [map([['a', [1]]])], '{"a":1}'],
    ['T-OUT-8 [1, "x", true()]', [new XPathArray([[1], ['x'], [true]])], '[1,"x",true]'],
    [
      'T-OUT-8 ECMAScript key order',
      [
        map([
          ['b', [1]],
          [10, [2]],
          ['a', [3]],
        ]),
      ],
      '{"10":2,"b":1,"a":3}',
    ],
    [
      'T-OUT-8 keys with the same string value: the last value',
      [
        map([
          [1, ['first']],
          ['x', [0]],
          ['1', ['last']],
        ]),
      ],
      '{"1":"last","x":0}',
    ],
    [
      'T-OUT-8 non-index numeric-looking keys keep insertion order',
      [
        map([
          ['07', [1]],
          ['-1', [2]],
          ['1.5', [3]],
          [2, [4]],
        ]),
      ],
      '{"2":4,"07":1,"-1":2,"1.5":3}',
    ],
    [
      'T-OUT-8 boolean and double keys',
      [
        map([
          [true, [1]],
          [0.5, [2]],
        ]),
      ],
      '{"true":1,"0.5":2}',
    ],
    ['T-OUT-8 empty member is null', [new XPathArray([[], [map([['k', []]])]])], '[null,{"k":null}]'],
    [
      'T-OUT-8 nested arrays and nodes',
      [new XPathArray([[new XPathArray([[1], [2]])], [oxnRoot(parseJson('{"a":1.0}'))]])],
      '[[1,2],{"a":1.0}]',
    ],
    ['T-OUT-8 __proto__ key is an ordinary key', [map([['__proto__', [1]]])], '{"__proto__":1}'],
    ['T-OUT-3 several items: the first', ['a', 'b'], '"a"'],
    ['content value renders its decoded JSON', [Content.fromText('{ "a" : 1.50 }', 'application/json')], '{"a":1.50}'],
    [
      'content value that is not JSON renders its text',
      [Content.fromText('{ "a" ', 'application/json')],
      '"{ \\"a\\" "',
    ],
    ['text content renders its text', [Content.fromText('hi', 'text/plain')], '"hi"'],
  ]
  it.each(CASES)('%s', (_, sequence, want) => expect(renderSequenceJson(sequence)).toBe(want))

  it('renderSequenceJson with several: array (F-RESP-4 shape)', () => {
    const root = oxnRoot(parseJson('[{"a":1},{"a":2}]'))
    expect(renderSequenceJson(childElements(root), 'array')).toBe('[{"a":1},{"a":2}]')
    expect(renderSequenceJson(childElements(root), 'first')).toBe('{"a":1}')
    expect(renderSequenceJson([root], 'array')).toBe('[{"a":1},{"a":2}]')
    expect(renderSequenceJson([], 'array')).toBe('null')
  })

  it('T-OUT-8 a member of several items is SERE0023', () => {
    for (const item of [
      new XPathArray([[1, 2]]),
      new XPathMap(new Map([['a', [1, 2]]])),
      new XPathArray([[new XPathArray([[1, 2]])]]),
    ]) {
      expect(() => renderJson(item)).toThrow(XPathValueError)
      try {
        renderJson(item)
      } catch (error) {
        expect((error as XPathValueError).code).toBe('SERE0023')
      }
    }
  })
})

describe('FN-json-stringify-2 prettyJson', () => {
  it('the spec example', () => {
    expect(prettyJson(renderJson(oxnRoot(parseJson('{"a":[1]}'))))).toBe('{\n  "a": [\n    1\n  ]\n}')
  })
  const VALUES: unknown[] = [
    1,
    'x',
    null,
    [],
    {},
    [[]],
    { a: {} },
    { a: [1, 2, { b: 'c,d:{"e"}[]' }], 'k"\\': '\\' },
    ['a\\"', { x: [null, true] }],
  ]
  it.each(VALUES)('layout of JSON.stringify(value, null, 2): %j', (value) => {
    expect(prettyJson(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2))
  })
  it('keeps number literals and other indents', () => {
    expect(prettyJson('{"a":1.50}', 4)).toBe('{\n    "a": 1.50\n}')
  })
})
