/**
 * String values of nodes (oxn.md OXN-T2, XPath data model): the concatenation of all text below an
 * element or document; an attribute's value; the data of text, comment and processing-instruction
 * nodes. OXN elements read it straight from their JsonValue (numbers as written, booleans `true`/
 * `false`, null and empty containers ""), without making nodes.
 */
import type { XNode } from '../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { type DomAttr, type DomNode, isTextLike } from './dom-node.js'
import { OxnAttribute, OxnDocument, OxnElement, OxnText } from './nodes.js'

/** The XPath string value of any node (OXN or DOM). */
export function stringValue(node: XNode): string {
  if (node instanceof OxnElement) return jsonStringValue(node.json)
  if (node instanceof OxnText) return node.data
  if (node instanceof OxnAttribute) return node.value
  if (node instanceof OxnDocument) return jsonStringValue(node.documentElement.json)
  return domStringValue(node as DomNode)
}

/** The string value of the OXN element that represents `value` (OXN-T2). */
export function jsonStringValue(value: JsonValue): string {
  if (typeof value === 'string') return value
  if (value instanceof JsonNumber) return value.text
  if (value === null) return ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  let text = ''
  const items = value instanceof JsonObject ? value.values : (value as readonly JsonValue[])
  for (let i = 0; i < items.length; i++) text += jsonStringValue(items[i]!)
  return text
}

function domStringValue(node: DomNode): string {
  switch (node.nodeType) {
    case 2:
      return (node as DomAttr).value
    case 3:
    case 4:
    case 7:
    case 8:
      return node.data ?? ''
    default: {
      let text = ''
      for (let child = node.firstChild; child !== null; child = child.nextSibling) {
        if (isTextLike(child)) text += child.data ?? ''
        else if (child.nodeType === 1) text += domStringValue(child)
      }
      return text
    }
  }
}
