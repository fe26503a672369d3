/**
 * String values (oxn.md OXN-T2) and the gateway's conversions (xpath-functions.md XP-CONV-1,
 * XP-CONV-2, XP-EBV-1; OXN-U4 rows; OXN-T3 existence).
 */
import * as slimdom from 'slimdom'
import { describe, expect, it } from 'vitest'

import {
  childByName,
  childElements,
  decodeContent,
  DECODED_FROM,
  effectiveBooleanValue,
  type OxnDocument,
  oxnRoot,
  parseJson,
  renderSequenceJson,
  stringValue,
  toXPathNumber,
  toXPathString,
  XPathValueError,
} from '../../../../runtime/oxn/index.js'
import {
  Content,
  EngineValue,
  type Item,
  JsonNumber,
  JsonObject,
  type Sequence,
  XPathArray,
  XPathMap,
} from '../../../../runtime/values/index.js'

const member = (json: string, key: string) => childByName(oxnRoot(parseJson(json)), key)[0]!
const element = (text: string) => slimdom.parseXmlDocument(text).documentElement!

describe('OXN-T2 stringValue', () => {
  const CASES: [string, () => Parameters<typeof stringValue>[0], string][] = [
    ['number element: its literal', () => member('{"price":4.10}', 'price'), '4.10'],
    ['boolean element', () => member('{"b":false}', 'b'), 'false'],
    ['null element', () => member('{"z":null}', 'z'), ''],
    ['empty object', () => member('{"o":{}}', 'o'), ''],
    ['empty array', () => member('{"a":[]}', 'a'), ''],
    ['object: all text below', () => member('{"o":{"a":"x","b":[1,true,null,"y"]}}', 'o'), 'x1truey'],
    ['document', () => oxnRoot(parseJson('[1,"2"]')).parent, '12'],
    ['text node', () => member('{"s":"v"}', 's').textNode()!, 'v'],
    ['name attribute', () => member('{"a b":1}', 'json-element').attributeNodes()[0]!, 'a b'],
    [
      'DOM element: descendant text, no comments or PIs',
      () => element('<a>x<b>y<![CDATA[z]]></b><!--c--><?p q?></a>'),
      'xyz',
    ],
    ['DOM document', () => slimdom.parseXmlDocument('<a>x<b>y</b></a>'), 'xy'],
    ['DOM attribute', () => element('<a k="v"/>').attributes[0]!, 'v'],
    ['DOM comment', () => element('<a><!--c--></a>').firstChild!, 'c'],
  ]
  it.each(CASES)('%s', (_, node, want) => expect(stringValue(node())).toBe(want))
})

describe('XP-CONV-1 toXPathString', () => {
  const content = Content.fromText('{ "a" : 1.0 }', 'application/json; charset=utf-8')
  const decoded = decodeContent(content) as OxnDocument
  const CASES: [string, () => Item | Sequence, string][] = [
    ['empty sequence', () => [], ''],
    ['first item', () => ['a', 'b'], 'a'],
    ['number by XP-NUM-1', () => 1e21, '1E21'],
    ['negative zero', () => -0, '0'],
    ['boolean', () => true, 'true'],
    ['OXN null element', () => member('{"z":null}', 'z'), ''],
    ['OXN number element keeps its literal', () => member('{"n":1.50}', 'n'), '1.50'],
    ['a document decoded from content gives the content text', () => decoded, '{ "a" : 1.0 }'],
    ['a node inside it keeps its string value', () => childElements(decoded.documentElement)[0]!, '1.0'],
    ['a content value gives its text', () => content, '{ "a" : 1.0 }'],
    [
      'a DOM document marked as decoded from content',
      () =>
        Object.assign(slimdom.parseXmlDocument('<a>x</a>'), {
          [DECODED_FROM]: Content.fromText('<a>x</a>', 'text/xml'),
        }),
      '<a>x</a>',
    ],
    ['an unmarked DOM document: its string value', () => slimdom.parseXmlDocument('<a> x </a>'), ' x '],
    ['XPath array: its first member', () => new XPathArray([['m', 'n'], ['o']]), 'm'],
    ['empty XPath array', () => new XPathArray([]), ''],
    ['XPath array with an empty first member', () => new XPathArray([[], ['o']]), ''],
    ['other engine values: their string value', () => new EngineValue(null, '2024-05-01Z', 'xs:date'), '2024-05-01Z'],
  ]
  it.each(CASES)('%s', (_, value, want) => expect(toXPathString(value())).toBe(want))

  it.each([
    ['map', new XPathMap(new Map())],
    ['function item', new EngineValue(() => 1, 'f#1', 'function(*)')],
  ])('a %s is XPTY0004', (_, item) => {
    expect(() => toXPathString(item)).toThrow(XPathValueError)
    expect(() => toXPathString([item])).toThrow(/XPTY0004/)
  })
})

describe('XP-CONV-2 toXPathNumber', () => {
  const CASES: [string, () => Item | Sequence, number][] = [
    ['empty sequence', () => [], NaN],
    ['number kept', () => [2.5, 9], 2.5],
    ['xs:boolean', () => true, 1],
    ['OXN boolean true', () => member('{"b":true}', 'b'), 1],
    ['OXN boolean false', () => member('{"b":false}', 'b'), 0],
    ['DOM boolean element "1" (OXN-X4)', () => element('<b boolean=""> 1 </b>'), 1],
    ['DOM boolean element "no"', () => element('<b boolean="">no</b>'), 0],
    ['OXN number element', () => member('{"n":1E+3}', 'n'), 1000],
    ['hand-built number text with spaces', () => oxnRoot(new JsonNumber(' 7 ')), 7],
    ['OXN string "10"', () => member('{"s":"10"}', 's'), 10],
    ['OXN string "abc"', () => member('{"s":"abc"}', 's'), NaN],
    ['OXN null', () => member('{"z":null}', 'z'), NaN],
    ['string INF', () => 'INF', Infinity],
    ['string " 12 "', () => ' 12 ', 12],
    ['XPath array: first member', () => new XPathArray([['5']]), 5],
    ['attribute text', () => element('<a n="3.5"/>').attributes[0]!, 3.5],
    ['content text', () => Content.fromText(' 42 ', 'text/plain'), 42],
  ]
  it.each(CASES)('%s', (_, value, want) => expect(toXPathNumber(value())).toBe(want))
})

describe('XP-EBV-1 effectiveBooleanValue', () => {
  const e = oxnRoot(parseJson('{"s": "", "z": null, "o": {}, "a": [], "gift": false}'))
  const CASES: [string, () => Item | Sequence, boolean][] = [
    ['OXN-U4 missing member (empty sequence)', () => childByName(e, 'm'), false],
    ['OXN-U4 JSON null (a node)', () => childByName(e, 'z'), true],
    ['OXN-U4 empty string member', () => childByName(e, 's'), true],
    ['OXN-U4 empty object', () => childByName(e, 'o'), true],
    ['OXN-U4 empty array', () => childByName(e, 'a'), true],
    ['OXN-T3 false boolean member exists', () => childByName(e, 'gift'), true],
    ['OXN-U4 NaN', () => NaN, false],
    ['OXN-U4 "" literal', () => '', false],
    ['OXN-U4 0', () => 0, false],
    ['non-zero number', () => -1, true],
    ['string "false"', () => 'false', true],
    ['false()', () => false, false],
    ['true()', () => [true], true],
    ['two items', () => [false, false], true],
    ['map', () => new XPathMap(new Map()), true],
    ['array', () => new XPathArray([]), true],
    ['function item', () => new EngineValue(() => 1, 'f', 'function(*)'), true],
    ['empty content', () => Content.fromText('', 'application/json'), false],
    ['JSON content', () => Content.fromText('{}', 'application/json'), true],
    [
      'decoded empty text content',
      () => {
        const content = Content.fromText('', 'text/plain')
        decodeContent(content)
        return content
      },
      false,
    ],
    [
      'decoded JSON content',
      () => {
        const content = Content.fromText('0', 'application/json')
        decodeContent(content)
        return content
      },
      true,
    ],
  ]
  it.each(CASES)('%s', (_, value, want) => expect(effectiveBooleanValue(value())).toBe(want))

  it('hand-built objects convert like parsed ones', () => {
    const request = oxnRoot(
      JsonObject.fromEntries([
        ['method', 'GET'],
        ['port', new JsonNumber('8080')],
      ]),
    )
    expect(toXPathNumber(childByName(request, 'port'))).toBe(8080)
    expect(toXPathString(childByName(request, 'method'))).toBe('GET')
  })
})

describe('OXN-U4 table: truth, string() and rendering of the common cases', () => {
  const e = oxnRoot(parseJson('{"s": "", "z": null, "o": {}, "a": []}'))
  const ROWS: [string, Sequence, boolean, string, string][] = [
    ['m (empty sequence)', childByName(e, 'm'), false, '', 'null'],
    ['$never_set', [], false, '', 'null'],
    ['z (JSON null)', childByName(e, 'z'), true, '', 'null'],
    ['s (empty string)', childByName(e, 's'), true, '', '""'],
    ['o (empty object)', childByName(e, 'o'), true, '', '{}'],
    ['a (empty array)', childByName(e, 'a'), true, '', '[]'],
    ['number(m) (NaN)', [toXPathNumber(childByName(e, 'm'))], false, 'NaN', 'null'],
    ['"" (string literal)', [''], false, '', '""'],
    ['0', [0], false, '0', '0'],
  ]
  it.each(ROWS)('%s', (_, value, truth, string, rendered) => {
    expect(effectiveBooleanValue(value)).toBe(truth)
    expect(toXPathString(value)).toBe(string)
    expect(renderSequenceJson(value)).toBe(rendered)
  })
})
