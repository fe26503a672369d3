/**
 * New trees built by functions (xpath-functions.md FN-0-5; notes: nodes a function returns share one
 * parent, so their document order is defined): slimdom documents for results that are not plain OXN
 * (token elements of `split()`, arrays whose items keep their own names), and deep copies of OXN and
 * DOM elements into them. OXN values become elements of the OXN shape (oxn.md OXN-2..OXN-10): one
 * type attribute, `name` on `json-element`, text for scalars.
 */
import { Document, type Element, type Node, Node as SlimdomNode } from 'slimdom'

import {
  ESCAPED_MEMBER_NAME,
  ITEM_NAME,
  jsonTypeOf,
  memberElementName,
  OxnDocument,
  OxnElement,
} from '../../oxn/index.js'
import type { XNode } from '../../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'

export function newDocument(): Document {
  return new Document()
}

export function asXNode(node: Node): XNode {
  return node as unknown as XNode
}

/** An element of the OXN shape for `value`; `key` is the member key when the element is a member. */
export function jsonElement(document: Document, name: string, value: JsonValue, key?: string): Element {
  const element = document.createElementNS(null, name)
  if (name === ESCAPED_MEMBER_NAME && key !== undefined) element.setAttribute('name', key)
  element.setAttribute(jsonTypeOf(value), '')
  if (value instanceof JsonObject) {
    for (let i = 0; i < value.keys.length; i++) {
      const member = value.keys[i]!
      element.appendChild(jsonElement(document, memberElementName(member), value.values[i]!, member))
    }
  } else if (Array.isArray(value)) {
    for (const item of value as readonly JsonValue[]) element.appendChild(jsonElement(document, ITEM_NAME, item))
  } else if (value !== null && value !== '') {
    element.appendChild(document.createTextNode(value instanceof JsonNumber ? value.text : String(value)))
  }
  return element
}

/** What is read of an element that is neither OXN nor slimdom (light trees). */
interface ForeignNode {
  readonly nodeType: number
  readonly nodeName: string
  readonly namespaceURI?: string | null
  readonly data?: string
  readonly childNodes: ArrayLike<ForeignNode>
  readonly attributes?: ArrayLike<{
    readonly namespaceURI?: string | null
    readonly name: string
    readonly value: string
  }>
}

/** A deep copy of an element (OXN or DOM) in `document`, name, attributes and content kept. */
export function copyElement(document: Document, element: XNode): Element {
  if (element instanceof OxnElement) {
    const key =
      element.parent instanceof OxnElement && element.localName === ESCAPED_MEMBER_NAME ? element.key : undefined
    return jsonElement(document, element.localName, element.json, key)
  }
  if (element instanceof SlimdomNode) return document.importNode(element as unknown as Element, true)
  return copyForeign(document, element as unknown as ForeignNode) as Element
}

function copyForeign(document: Document, node: ForeignNode): Node {
  switch (node.nodeType) {
    case 1: {
      const copy = document.createElementNS(node.namespaceURI ?? null, node.nodeName)
      const attributes = node.attributes ?? []
      for (let i = 0; i < attributes.length; i++)
        copy.setAttributeNS(attributes[i]!.namespaceURI ?? null, attributes[i]!.name, attributes[i]!.value)
      for (let i = 0; i < node.childNodes.length; i++) copy.appendChild(copyForeign(document, node.childNodes[i]!))
      return copy
    }
    case 8:
      return document.createComment(node.data ?? '')
    case 7:
      return document.createProcessingInstruction(node.nodeName, node.data ?? '')
    default:
      return document.createTextNode(node.data ?? '')
  }
}

/** The document element of a document node (OXN or DOM), or undefined. */
export function documentElementOf(node: XNode): XNode | undefined {
  if (node instanceof OxnDocument) return node.documentElement
  if (node.nodeType !== 9) return undefined
  const root = (node as unknown as Document).documentElement
  return root === null ? undefined : asXNode(root)
}
