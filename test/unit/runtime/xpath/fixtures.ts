/**
 * Shared data of the expression tests: variables, focus items and a compact description of results
 * (`name=string value` for elements, `@name=value` for attributes, `typed:xs:date=…` for typed values).
 */
import {
  Content,
  EngineValue,
  isNode,
  type Item,
  type Sequence,
  stringValue,
  XPathArray,
  XPathMap,
} from '../../../../runtime/index.js'
import { doc, root } from './helpers.js'

export const BODY_TEXT =
  '{"user":{"name":"Ann","age":31,"active":true,"tags":["a","b"],"nick":null},' +
  '"items":[{"sku":"K9","qty":2,"price":4.5},{"sku":"X1","qty":1,"price":10},{"sku":"Z3","qty":5,"price":0.5}],' +
  '"unit price":4.10,"n":"10"}'

/** Fresh variables per test (contents cache their decoded form). */
export function variables(): Record<string, Sequence> {
  const body = Content.fromText(BODY_TEXT, 'application/json')
  const bodyDoc = doc(BODY_TEXT)
  return {
    body: [body],
    request: [root('{"method":"GET","headers":{"x-id":"42","user-agent":"curl"},"query":{"limit":"5"}}')],
    text: ['hello'],
    num: [5],
    flag: [false],
    seq: [1, 2, 3],
    nodes: [...bodyDoc.documentElement.childrenNamed('items')[0]!.children()],
    map: [new XPathMap(new Map([['a', [1]]]))],
    arr: [new XPathArray([[1], [2]])],
    plain: [Content.fromText('plain text', 'text/plain')],
  }
}

export type FocusName = 'cmp' | 'ar' | 'e' | 'string'

export function focusItem(name: FocusName | undefined): Item | undefined {
  switch (name) {
    case 'cmp':
      return root('{"n": 10, "m": 9, "s": "10", "t": "abc", "f": false, "z": null}')
    case 'ar':
      return root('{"qty": 2, "price": 9.5, "code": "x"}')
    case 'e':
      return root('{"s": "", "z": null, "o": {}, "a": []}')
    case 'string':
      return 'hello'
    default:
      return undefined
  }
}

export type Described = string | number | boolean

/** Results in a form `toEqual` can compare. */
export function describeSequence(sequence: Sequence): Described[] {
  return sequence.map(describeItem)
}

function describeItem(item: Item): Described {
  if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return item
  if (item instanceof EngineValue) return `typed:${item.typeName}=${item.stringValue}`
  if (item instanceof XPathMap) return `map(${item.entries.size})`
  if (item instanceof XPathArray) return `array(${item.members.length})`
  if (item instanceof Content) return `content:${item.text}`
  if (isNode(item)) {
    const node = item as { nodeType: number; nodeName?: string }
    if (node.nodeType === 2) return `@${node.nodeName}=${stringValue(item)}`
    if (node.nodeType === 9) return '#document'
    if (node.nodeType === 3) return `#text=${stringValue(item)}`
    return `${node.nodeName}=${stringValue(item)}`
  }
  return String(item)
}
