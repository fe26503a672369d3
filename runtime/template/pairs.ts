/**
 * The pair producer's pairs (templates.md T-PAIR-1, T-PAIR-2): each element gives `key: rendering`
 * (the key is `@name` of a `json-element`, else its name), each attribute `name: scalar`, each XPath
 * map one pair per entry (keys in ECMAScript property order, values by T-OUT-8); other items are
 * skipped. Pairs with the same key become one pair at the first position with an array of the values.
 */
import type { DomNode } from '../oxn/dom-node.js'
import {
  decodeContent,
  ESCAPED_MEMBER_NAME,
  formatXPathNumber,
  jsonString,
  OxnAttribute,
  OxnElement,
  renderJson,
} from '../oxn/index.js'
import { XPathValueError } from '../oxn/value-error.js'
import { Content } from '../values/content.js'
import { isNode, type Item, type Sequence, type XNode, XPathMap } from '../values/item.js'

/** The pairs as `"key":value` texts, in order. */
export function pairTexts(value: Sequence): string[] {
  const groups = new Map<string, string[]>()
  const add = (key: string, rendered: string) => {
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [rendered])
    else group.push(rendered)
  }
  for (let item of value) {
    if (item instanceof Content) item = decodeContent(item)
    if (item instanceof XPathMap) addMapEntries(item, add)
    else if (isNode(item)) {
      const key = nodeKey(item)
      if (key !== undefined) add(key, renderJson(item))
    }
  }
  const texts: string[] = []
  for (const [key, rendered] of groups)
    texts.push(jsonString(key) + ':' + (rendered.length === 1 ? rendered[0]! : '[' + rendered.join(',') + ']'))
  return texts
}

/** The key of an element or attribute; undefined for other nodes (skipped). */
function nodeKey(node: XNode): string | undefined {
  if (node instanceof OxnElement) return node.localName === ESCAPED_MEMBER_NAME ? node.key : node.localName
  if (node instanceof OxnAttribute) return node.name
  const dom = node as unknown as DomNode & { name?: string }
  if (node.nodeType === 2) return dom.name ?? dom.nodeName
  if (node.nodeType !== 1) return undefined
  if (dom.nodeName === ESCAPED_MEMBER_NAME) {
    const name = dom.getAttribute?.('name')
    if (name !== null && name !== undefined) return name
  }
  return dom.nodeName
}

/** T-OUT-8 order: keys by their string value in ECMAScript property order; equal keys keep the last value. */
function addMapEntries(map: XPathMap, add: (key: string, rendered: string) => void): void {
  const byKey: Record<string, Sequence> = Object.create(null) as Record<string, Sequence>
  for (const [key, entry] of map.entries) byKey[typeof key === 'number' ? formatXPathNumber(key) : String(key)] = entry
  for (const key of Object.keys(byKey)) add(key, renderEntry(byKey[key]!))
}

function renderEntry(entry: Sequence): string {
  if (entry.length === 0) return 'null'
  if (entry.length > 1)
    throw new XPathValueError('SERE0023', 'a map entry holding several items cannot be written as JSON')
  return renderJson(entry[0] as Item)
}
