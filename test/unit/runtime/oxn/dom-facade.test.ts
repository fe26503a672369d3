/**
 * OXN_DOM_FACADE with fontoxpath itself (oxn.md section 2, OXN-A1..A6): every expression is evaluated
 * on the lazy OXN tree and on the same tree parsed by slimdom as XML with fontoxpath's own DOM facade;
 * the results (node paths via `path()`, strings, numbers) must agree. Also checks buckets, identity,
 * mixed OXN/slimdom expressions (the composite part) and direct facade calls.
 */
import fx from 'fontoxpath'
import * as slimdom from 'slimdom'
import { describe, expect, it } from 'vitest'

import {
  childByName,
  OXN_DOM_FACADE,
  oxnDocument,
  type OxnElement,
  oxnRoot,
  parseJson,
} from '../../../../runtime/oxn/index.js'
import { JsonObject } from '../../../../runtime/values/index.js'
import { oxnToXml } from './oxn-xml.js'

const CART = `{"cart": {"id": "c-17", "lines": [{"sku": "K9", "qty": 2}, {"sku": "B1", "qty": 5}, {"sku": "Z", "qty": 1.5}],
  "unit price": 4.10, "gift": false, "coupon": null, "notes": [], "meta": {}, "tags": ["a", "", "c"],
  "json-element": "escaped", "2nd": [[1, 2], [3]]}}`

const EXPRESSIONS: string[] = [
  'json/cart/id',
  'json/cart/*',
  'json/cart/node()',
  'json/cart/lines/value/sku',
  'json/cart/lines/value[2]/sku',
  'json/cart/lines/value[last()]/qty',
  'json/cart/lines/value[qty > 1]/sku',
  'count(json/cart/lines/value)',
  'json/cart/json-element',
  "json/cart/json-element[@name = 'unit price']",
  "json/cart/json-element[@name = 'json-element']",
  'json/cart/json-element/@name',
  'json/cart/*[@number]',
  'json/cart/*[@array]',
  'boolean(json/cart/notes/@array)',
  'json/cart/id/@*',
  '//@*',
  'count(//@*)',
  '//sku',
  '//value',
  '//value[1]',
  '(//value)[1]',
  '//text()',
  'count(//node())',
  'count(//*)',
  '//qty/..',
  '//qty/../..',
  '//sku/ancestor::*',
  '//sku/ancestor-or-self::*[1]',
  '//qty/parent::value/sku',
  'json/cart/id/following-sibling::*',
  'json/cart/meta/preceding-sibling::*',
  'json/cart/lines/value[1]/following-sibling::value/sku',
  'json/cart/lines/value[3]/preceding-sibling::value[1]/sku',
  'json/cart/gift/following-sibling::*[1]',
  'json/cart/gift/preceding-sibling::*[1]',
  'json/cart/id/following::*[3]',
  'json/cart/meta/preceding::sku',
  'json/cart/meta/following::text()',
  'json/cart/lines/descendant::*',
  'json/cart/lines/descendant-or-self::value',
  'json/cart/tags/value',
  'json/cart/tags/value/text()',
  'json/cart/json-element[2]/value/value',
  'json/cart/json-element[2]/value[1]/value[2]',
  'json/cart/id is json/cart/*[1]',
  'json/cart/lines/value[1] is (//value)[1]',
  'json/cart/lines/value[1]/.. is json/cart/lines',
  'json/cart/id << json/cart/gift',
  'json/cart/gift << json/cart/id',
  '(json/cart/gift | json/cart/id | json/cart/lines)',
  '(json/cart/gift, json/cart/id)/name()',
  'for $n in json/cart/* return name($n)',
  'json/cart/*/local-name()',
  'sum(//qty)',
  'sum(json/cart/lines/value/qty) * 2',
  'string(json/cart/json-element[1])',
  'string(json/cart)',
  'string(json/cart/coupon)',
  'string(json/cart/gift)',
  'json/cart/gift = false()',
  "json/cart/id = 'c-17'",
  'json/cart/lines/value/qty = 5',
  'string-join(//sku, ",")',
  'json/cart/lines/value[position() > 1]/sku',
  '/json/cart/id',
  'count(/json)',
  'json/cart/id/text()/..',
  'json/cart/id/text()/following-sibling::node()',
  'json/cart/*[not(node())]',
  "json/cart/*[. = '']",
  'json/cart/lines/value[sku = "B1"]/following-sibling::*/sku',
  'json/cart/lines/value/sku/following::qty',
  'json/cart/lines/value/*[self::qty]',
  'json/cart/lines/*/qty[. > 1]/../sku',
  'json/cart/lines/value/*[last()]',
  'json/cart/lines/value/*[1]',
  'reverse(json/cart/lines/value/sku)',
  'json/cart/*[@name]',
  'json/cart/*/@name/..',
  'json/cart/*/@*[name() = "null"]/..',
  'path(json/cart/lines/value[2]/qty/text())',
  'json/cart/lines/value/sku[. = "K9"]/root()',
  'deep-equal(json/cart/lines/value[1], json/cart/lines/value[1])',
  'json/cart/*[self::lines or self::tags]/value[2]',
  'json/descendant::sku',
  'json/cart/descendant::qty[. > 1]',
  'count(descendant::value)',
  'json/cart/id/following::qty',
  '//qty/ancestor::lines',
  '//value/value/ancestor::json-element/@name',
  '//text()[. = "B1"]/ancestor::value/following-sibling::value/qty',
  'json/cart/descendant-or-self::json-element',
  'json/cart/*/string((@name, name())[1])',
]

function asStrings(result: unknown): string[] {
  const items = Array.isArray(result) ? result : [result]
  return items.map((item) =>
    item !== null && typeof item === 'object' && 'nodeType' in item ? `node ${describeNode(item)}` : String(item),
  )
}

function describeNode(node: object): string {
  return fx.evaluateXPathToString('path(.) || " = " || string(.)', node, OXN_DOM_FACADE)
}

function evaluateAll(expression: string, context: unknown, facade?: fx.IDomFacade): string[] {
  const result = fx.evaluateXPath(expression, context, facade ?? null, {}, fx.evaluateXPath.ALL_RESULTS_TYPE)
  return asStrings(result)
}

describe('OXN_DOM_FACADE against slimdom', () => {
  const document = oxnDocument(parseJson(CART))
  const xml = slimdom.parseXmlDocument(oxnToXml(document))

  it.each(EXPRESSIONS)('%s', (expression) => {
    const viaOxn = evaluateAll(expression, document, OXN_DOM_FACADE)
    const viaDom = evaluateAll(expression, xml)
    expect(viaOxn).toEqual(viaDom)
  })

  it('a large object with repeated keys (key index path) agrees too', () => {
    const keys = Array.from({ length: 40 }, (_, i) => (i % 10 === 3 ? 'dup' : `k${i}`))
    const big = oxnDocument(
      new JsonObject(
        ['x', 'big'],
        [
          's',
          new JsonObject(
            keys,
            keys.map((_, i) => String(i)),
          ),
        ],
      ),
    )
    const bigXml = slimdom.parseXmlDocument(oxnToXml(big))
    for (const expression of [
      'json/big/dup',
      'json/big/k39',
      'json/big/k4/preceding-sibling::dup',
      'json/big/k4/following-sibling::dup',
      'json/big/dup[2]/following-sibling::dup[1]',
      'json/big/dup[last()]/preceding-sibling::dup',
      'count(json/big/*)',
      'json/big/k20/following-sibling::k21',
      'json/big/k20/preceding-sibling::k19',
      'json/big/k20/following-sibling::k19',
      'json/x/following-sibling::big/dup[3]',
    ]) {
      expect(evaluateAll(expression, big, OXN_DOM_FACADE), expression).toEqual(evaluateAll(expression, bigXml))
    }
  })

  it('context item inside the tree: relative and absolute paths (OXN-A6)', () => {
    const lines = childByName(childByName(document.documentElement, 'cart')[0]!, 'lines')[0]!
    expect(fx.evaluateXPathToStrings('value/sku', lines, OXN_DOM_FACADE)).toEqual(['K9', 'B1', 'Z'])
    expect(fx.evaluateXPathToString('/json/cart/id', lines, OXN_DOM_FACADE)).toBe('c-17')
    expect(fx.evaluateXPathToString('../id', lines, OXN_DOM_FACADE)).toBe('c-17')
    const root = oxnRoot(parseJson('{"stage":"prod"}'))
    expect(fx.evaluateXPathToString('stage', root, OXN_DOM_FACADE)).toBe('prod')
    expect(fx.evaluateXPathToString('/json/stage', root, OXN_DOM_FACADE)).toBe('prod')
  })

  it('node identity is stable: the same member is the same object', () => {
    const first = fx.evaluateXPathToFirstNode('json/cart/lines/value[2]', document, OXN_DOM_FACADE)
    const again = fx.evaluateXPathToFirstNode('//value[sku = "B1"]', document, OXN_DOM_FACADE)
    expect(first).toBe(again)
    expect(fx.evaluateXPathToBoolean('$a is $b', null, OXN_DOM_FACADE, { a: first, b: again })).toBe(true)
  })

  it('mixes OXN and slimdom nodes in one expression (composite facade)', () => {
    const body = oxnDocument(parseJson('{"user":{"id":"u2"}}'))
    const resp = slimdom.parseXmlDocument('<resp><item id="u1">one</item><item id="u2">two<!--c--></item></resp>')
    expect(
      fx.evaluateXPathToStrings('$x/resp/item[@id = $b/json/user/id]', null, OXN_DOM_FACADE, { x: resp, b: body }),
    ).toEqual(['two'])
    expect(fx.evaluateXPathToNumber('count($x//node())', null, OXN_DOM_FACADE, { x: resp })).toBe(6)
    expect(
      fx.evaluateXPathToStrings('$x/resp/item[2]/preceding-sibling::item/@id', null, OXN_DOM_FACADE, { x: resp }),
    ).toEqual(['u1'])
    expect(fx.evaluateXPathToStrings('$x//comment()/../@id', null, OXN_DOM_FACADE, { x: resp })).toEqual(['u2'])
  })
})

describe('OXN_DOM_FACADE direct calls and buckets', () => {
  const root = oxnRoot(parseJson('{"a":1,"b b":[true,"x"],"c":"","d":{"e":null}}'))
  const f = OXN_DOM_FACADE as unknown as Record<string, (...args: unknown[]) => unknown>
  const [a, escaped, c, d] = root.children() as [OxnElement, OxnElement, OxnElement, OxnElement]
  const names = (nodes: unknown) => (nodes as { nodeName: string }[]).map((n) => n.nodeName)

  const CHILD_CASES: [string, unknown, string | null, string[]][] = [
    ['all children', root, null, ['a', 'json-element', 'c', 'd']],
    ['name bucket', root, 'name-d', ['d']],
    ['name bucket for escaped keys', root, 'name-json-element', ['json-element']],
    ['name bucket without match', root, 'name-zz', []],
    ['elements bucket', root, 'type-1', ['a', 'json-element', 'c', 'd']],
    ['text bucket on an object', root, 'type-3', []],
    ['text child of a number', a, null, ['#text']],
    ['text bucket on a number', a, 'type-3', ['#text']],
    ['element bucket on a number', a, 'type-1', []],
    ['name bucket on a number', a, 'name-a', []],
    ['empty string has no child', c, null, []],
    ['array items by name', escaped, 'name-value', ['value', 'value']],
    ['array items not by other names', escaped, 'name-x', []],
    ['unknown bucket returns all', d, 'empty', ['e']],
    ['document child', root.parent, null, ['json']],
    ['document child by name', root.parent, 'name-json', ['json']],
    ['document child by other name', root.parent, 'name-x', []],
    ['attributes have no children', a.attributeNodes()[0], null, []],
  ]
  it.each(CHILD_CASES)('getChildNodes: %s', (_, node, bucket, want) =>
    expect(names(f.getChildNodes!(node, bucket))).toEqual(want),
  )

  it('first/last child and siblings honour buckets', () => {
    expect(f.getFirstChild!(root, null)).toBe(a)
    expect(f.getFirstChild!(root, 'name-c')).toBe(c)
    expect(f.getLastChild!(root, null)).toBe(d)
    expect(f.getLastChild!(root, 'name-a')).toBe(a)
    expect(f.getFirstChild!(root, 'type-3')).toBeNull()
    expect(f.getFirstChild!(a, null)).toBe(a.textNode())
    expect(f.getLastChild!(c, null)).toBeNull()
    expect(f.getNextSibling!(a, null)).toBe(escaped)
    expect(f.getNextSibling!(a, 'name-d')).toBe(d)
    expect(f.getNextSibling!(a, 'name-a')).toBeNull()
    expect(f.getNextSibling!(d, null)).toBeNull()
    expect(f.getPreviousSibling!(d, 'name-json-element')).toBe(escaped)
    expect(f.getPreviousSibling!(a, null)).toBeNull()
    expect(f.getNextSibling!(root, null)).toBeNull()
    expect(f.getNextSibling!(a.textNode(), null)).toBeNull()
    const items = escaped.children()
    expect(f.getNextSibling!(items[0], 'name-value')).toBe(items[1])
    expect(f.getNextSibling!(items[0], 'name-x')).toBeNull()
    expect(f.getFirstChild!(root.parent, 'type-1')).toBe(root)
  })

  it('parents, attributes and data', () => {
    expect(f.getParentNode!(a)).toBe(root)
    expect(f.getParentNode!(root)).toBe(root.parent)
    expect(f.getParentNode!(root.parent)).toBeNull()
    expect(f.getParentNode!(a.textNode())).toBe(a)
    expect(f.getParentNode!(escaped.attributeNodes()[0])).toBe(escaped)
    expect(names(f.getAllAttributes!(escaped, null))).toEqual(['name', 'array'])
    expect(names(f.getAllAttributes!(escaped, 'name-array'))).toEqual(['array'])
    expect(names(f.getAllAttributes!(escaped, 'type-3'))).toEqual([])
    expect(names(f.getAllAttributes!(a.textNode(), null))).toEqual([])
    expect(f.getAttribute!(escaped, 'name')).toBe('b b')
    expect(f.getAttribute!(escaped, 'array')).toBe('')
    expect(f.getAttribute!(a, 'name')).toBeNull()
    expect(f.getAttribute!(a, 'string')).toBeNull()
    expect(f.getData!(a.textNode())).toBe('1')
    expect(f.getData!(escaped.attributeNodes()[0])).toBe('b b')
  })

  it('slimdom nodes through the same facade', () => {
    const xml = slimdom.parseXmlDocument('<r a="1" b="2"><x/>t<![CDATA[c]]><y/><!--n--></r>')
    const r = xml.documentElement!
    expect(names(f.getChildNodes!(r, null))).toEqual(['x', '#text', '#cdata-section', 'y', '#comment'])
    expect(names(f.getChildNodes!(r, 'type-3'))).toEqual(['#text', '#cdata-section'])
    expect(names(f.getChildNodes!(r, 'name-y'))).toEqual(['y'])
    expect(names(f.getAllAttributes!(r, 'name-b'))).toEqual(['b'])
    expect(f.getAttribute!(r, 'a')).toBe('1')
    expect((f.getFirstChild!(r, 'type-8') as { data: string }).data).toBe('n')
    expect((f.getLastChild!(r, 'type-1') as { nodeName: string }).nodeName).toBe('y')
    expect((f.getNextSibling!(r.firstChild, 'type-1') as { nodeName: string }).nodeName).toBe('y')
    expect((f.getPreviousSibling!(r.lastChild, 'name-x') as { nodeName: string }).nodeName).toBe('x')
    expect(f.getParentNode!(r.attributes[0])).toBe(r)
    expect(f.getData!(r.attributes[1])).toBe('2')
  })
})
