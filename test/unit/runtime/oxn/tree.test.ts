/**
 * The OXN tree shape (oxn.md OXN-1..OXN-14): the spec's examples serialized, element naming by the
 * NCName test (OXN-4), laziness and stable node identity.
 */
import { describe, expect, it } from 'vitest'

import {
  childByName,
  childElements,
  isNCName,
  isOxnNode,
  OxnDocument,
  oxnDocument,
  OxnElement,
  oxnRoot,
  parseJson,
} from '../../../../runtime/oxn/index.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../../../runtime/values/index.js'
import { oxnToXml } from './oxn-xml.js'

const SECTION_1_JSON = `{"cart": {"id": "c-17", "lines": [{"sku": "K9", "qty": 2}], "unit price": 4.10, "gift": false,
 "coupon": null, "notes": [], "meta": {}}}`

const SECTION_1_XML =
  '<json object=""><cart object=""><id string="">c-17</id><lines array=""><value object=""><sku string="">K9</sku>' +
  '<qty number="">2</qty></value></lines><json-element name="unit price" number="">4.10</json-element>' +
  '<gift boolean="">false</gift><coupon null=""/><notes array=""/><meta object=""/></cart></json>'

const EXAMPLES: [string, string, string][] = [
  ['OXN section 1 example', SECTION_1_JSON, SECTION_1_XML],
  ['OXN-6 string', '"hi"', '<json string="">hi</json>'],
  ['OXN-6 empty string has no child', '""', '<json string=""/>'],
  ['OXN-7 number literal', '-7.25e2', '<json number="">-7.25e2</json>'],
  ['OXN-8 boolean', 'true', '<json boolean="">true</json>'],
  ['OXN-9 null', 'null', '<json null=""/>'],
  ['OXN-10 empty array', '[]', '<json array=""/>'],
  [
    'OXN-5 nested arrays',
    '[[1],[]]',
    '<json array=""><value array=""><value number="">1</value></value><value array=""/></json>',
  ],
  ['OXN-4 empty key', '{"":1}', '<json object=""><json-element name="" number="">1</json-element></json>'],
  [
    'OXN-4 the key json-element itself',
    '{"json-element":true}',
    '<json object=""><json-element name="json-element" boolean="">true</json-element></json>',
  ],
  ['OXN-6 whitespace and line breaks kept', '{"s":" a\\n b "}', '<json object=""><s string=""> a\n b </s></json>'],
  ['OXN-12 duplicate key', '{"a":1,"b":2,"a":3}', '<json object=""><a number="">3</a><b number="">2</b></json>'],
]

describe('OXN trees', () => {
  it.each(EXAMPLES)('%s', (_, json, xml) => expect(oxnToXml(oxnDocument(parseJson(json)))).toBe(xml))

  const NAMES: [string, boolean][] = [
    ['total', true],
    ['unit_price', true],
    ['x-id', true],
    ['a.b', true],
    ['größe', true],
    ['_x', true],
    ['日本', true],
    ['\u{10000}x', true],
    ['a\u0300', true],
    ['a·b', true],
    ['unit price', false],
    ['2nd', false],
    ['a:b', false],
    ['', false],
    ['@type', false],
    ['-x', false],
    ['.x', false],
    ['\u0300a', false],
    ['a\ud800', false],
    ['a\udc00b', false],
    ['x\u00d7', false],
  ]
  it.each(NAMES)('OXN-4 NCName test: %j -> %s', (key, want) => {
    expect(isNCName(key)).toBe(want)
    const member = childElements(oxnRoot(JsonObject.fromEntries([[key, null]])))[0]!
    expect(member.nodeName).toBe(want ? key : 'json-element')
    expect(member.getAttribute('name')).toBe(want ? null : key)
  })

  it('OXN-1/OXN-14: the root element is `json` under a document node; oxnRoot gives the element', () => {
    const root = oxnRoot(parseJson('{"a":1}'))
    expect(root.nodeType).toBe(1)
    expect(root.nodeName).toBe('json')
    expect(root.localName).toBe('json')
    expect(root.namespaceURI).toBeNull()
    expect(root.prefix).toBeNull()
    expect(root.parent).toBeInstanceOf(OxnDocument)
    expect(root.parent.nodeType).toBe(9)
    expect((root.parent as OxnDocument).documentElement).toBe(root)
    expect(childElements(root.parent as OxnDocument)).toEqual([root])
    expect(root.key).toBe('')
    expect(root.jsonType).toBe('object')
  })

  it('OXN-14: the document keeps its content back-reference', () => {
    const content = { text: '1' } as never
    expect(oxnDocument(null, content).content).toBe(content)
    expect(oxnDocument(null).content).toBeUndefined()
  })

  it('node identity is stable across every access path', () => {
    const root = oxnRoot(parseJson('{"a":{"b":[1,2]},"c":"x"}'))
    const a = childByName(root, 'a')[0]!
    expect(childElements(root)[0]).toBe(a)
    expect(childByName(root, 'a')[0]).toBe(a)
    expect(root.childAt(0)).toBe(a)
    const b = childByName(a, 'b')[0]!
    expect(childElements(b)).toBe(childElements(b))
    expect(childByName(b, 'value')).toEqual(childElements(b))
    expect(b.childAt(1)!.textNode()).toBe(b.childAt(1)!.textNode())
    expect(root.attributeNodes()).toBe(root.attributeNodes())
    expect(childElements(b)[1]!.parent).toBe(b)
    expect(b.ownerDocument).toBe(root.parent)
  })

  it('element facts: jsonType, key, index, text, attributes (OXN-2)', () => {
    const root = oxnRoot(parseJson('{"n":1.50,"s":"","t":"x","b":false,"z":null,"o":{},"a":[],"unit price":true}'))
    const rows = childElements(root).map((e) => [
      e.nodeName,
      e.key,
      e.index,
      e.jsonType,
      e.textNode()?.data ?? null,
      e
        .attributeNodes()
        .map((a) => `${a.name}=${a.value}`)
        .join(' '),
    ])
    expect(rows).toEqual([
      ['n', 'n', 0, 'number', '1.50', 'number='],
      ['s', 's', 1, 'string', null, 'string='],
      ['t', 't', 2, 'string', 'x', 'string='],
      ['b', 'b', 3, 'boolean', 'false', 'boolean='],
      ['z', 'z', 4, 'null', null, 'null='],
      ['o', 'o', 5, 'object', null, 'object='],
      ['a', 'a', 6, 'array', null, 'array='],
      ['json-element', 'unit price', 7, 'boolean', 'true', 'name=unit price boolean='],
    ])
    const text = childElements(root)[0]!.textNode()!
    expect([text.nodeType, text.nodeName, text.parent]).toEqual([3, '#text', childElements(root)[0]])
    const attribute = childElements(root)[7]!.attributeNodes()[0]!
    expect([attribute.nodeType, attribute.nodeName, attribute.localName, attribute.ownerElement.key]).toEqual([
      2,
      'name',
      'name',
      'unit price',
    ])
  })

  const BY_NAME: [string, string, string, string[]][] = [
    ['member by key', '{"a":1,"b":2}', 'b', ['b']],
    ['missing member', '{"a":1}', 'x', []],
    ['array items are `value`', '[1,2,3]', 'value', ['value', 'value', 'value']],
    ['array has no other names', '[1]', 'a', []],
    [
      'escaped keys by `json-element`',
      '{"a b":1,"c":2,"json-element":3,"2":4}',
      'json-element',
      ['a b', 'json-element', '2'],
    ],
    ['a non-NCName key does not match its own text', '{"a b":1}', 'a b', []],
    ['the key json-element is not reached as a plain name either', '{"json-element":1}', 'x', []],
    ['scalars have no children', '"s"', 'a', []],
  ]
  it.each(BY_NAME)('childByName: %s', (_, json, name, keys) =>
    expect(childByName(oxnRoot(parseJson(json)), name).map((e) => e.key || e.nodeName)).toEqual(keys),
  )

  it('childByName on the document reaches only `json`', () => {
    const document = oxnDocument(parseJson('1'))
    expect(childByName(document, 'json')).toEqual([document.documentElement])
    expect(childByName(document, 'value')).toEqual([])
  })

  it('hand-built objects with repeated keys give several elements (UP-VAR-4 shape)', () => {
    const headers = new JsonObject(['set-cookie', 'x', 'set-cookie'], ['a=1', 'y', 'b=2'])
    const root = oxnRoot(headers)
    expect(childByName(root, 'set-cookie').map((e) => e.json)).toEqual(['a=1', 'b=2'])
    const big = new JsonObject(
      [...Array.from({ length: 30 }, (_, i) => `k${i}`), 'k5'],
      [...Array.from({ length: 30 }, (_, i) => String(i)), 'again'],
    )
    expect(childByName(oxnRoot(big), 'k5').map((e) => e.json)).toEqual(['5', 'again'])
    expect(childByName(oxnRoot(big), 'k29').map((e) => e.index)).toEqual([29])
  })

  it('childByName does not touch unrelated members of a large object', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `k${i}`)
    const read = new Set<number>()
    const values = new Proxy(
      keys.map((_, i): JsonValue => new JsonNumber(String(i))),
      {
        get(target, property, receiver) {
          if (typeof property === 'string' && /^\d+$/.test(property)) read.add(Number(property))
          return Reflect.get(target, property, receiver)
        },
      },
    )
    const root = oxnRoot(new JsonObject(keys, values))
    expect(childByName(root, 'k700')[0]!.textNode()!.data).toBe('700')
    expect(childByName(root, 'k3')[0]!.index).toBe(3)
    expect(childByName(root, 'nope')).toEqual([])
    expect([...read].sort((x, y) => x - y)).toEqual([3, 700])
  })

  it('nothing below the root is made before it is accessed', () => {
    const read: string[] = []
    const values = new Proxy(
      [1, 2].map((n) => new JsonNumber(String(n))),
      {
        get(target, property, receiver) {
          if (typeof property === 'string' && /^\d+$/.test(property)) read.push(property)
          return Reflect.get(target, property, receiver)
        },
      },
    )
    const document = oxnDocument(new JsonObject(['a', 'b'], values))
    expect(document.documentElement.jsonType).toBe('object')
    expect(read).toEqual([])
  })

  it('isOxnNode', () => {
    const root = oxnRoot(parseJson('{"a b":"x"}'))
    const member = childElements(root)[0]!
    for (const node of [root, root.parent, member, member.textNode(), member.attributeNodes()[0]])
      expect(isOxnNode(node)).toBe(true)
    for (const value of [null, 'x', 1, { nodeType: 1 }, new JsonNumber('1')]) expect(isOxnNode(value)).toBe(false)
    expect(member).toBeInstanceOf(OxnElement)
  })
})
