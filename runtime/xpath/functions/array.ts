/**
 * `array(items)` (xpath-functions.md FN-array-1..FN-array-3, XP-NAME-4): a new OXN array (root `json`
 * with the `array` attribute), one child per item: elements deep-copied with their names, a document
 * as its document element, an attribute `a="v"` as `<value name="a">v</value>`, a text node as an
 * untyped `value`, a comment or processing instruction as a `string` value, booleans, numbers (NaN and
 * infinities as `null`) and other atomic values as typed `value` elements, XPath maps and arrays as
 * their JSON rendering decoded. When every child is a plain `value` of the OXN shape the result is an
 * OXN tree (no DOM is built); otherwise a slimdom tree of the same shape.
 */
import type { Document } from 'slimdom'

import {
  decodeContent,
  ITEM_NAME,
  OxnElement,
  oxnRoot,
  parseJson,
  renderJson,
  ROOT_NAME,
  stringValue,
  toXPathString,
} from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EngineValue, isNode, type Item, type XNode, XPathArray, XPathMap } from '../../values/item.js'
import { jsonNumberOf, type JsonValue } from '../../values/json-value.js'
import { toSequence, type Value } from '../value.js'
import { asXNode, copyElement, documentElementOf, jsonElement, newDocument } from './dom-tree.js'

interface NamedNode extends XNode {
  readonly nodeName: string
}

/** The JSON value of an item that becomes a plain `value` child, or undefined when it needs a DOM child. */
function plainJson(item: Item): JsonValue | undefined {
  switch (typeof item) {
    case 'string':
      return item
    case 'boolean':
      return item
    case 'number':
      return jsonNumberOf(item)
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof XPathMap || item instanceof XPathArray) return parseJson(renderJson(item))
  if (item instanceof EngineValue) return item.stringValue
  if (item instanceof OxnElement && item.localName === ITEM_NAME) return item.json
  return undefined
}

/** The DOM child for an item that is not plain. */
function domChild(document: Document, item: XNode): ReturnType<typeof copyElement> | undefined {
  switch (item.nodeType) {
    case 1:
      return copyElement(document, item)
    case 9: {
      const root = documentElementOf(item)
      return root === undefined ? undefined : copyElement(document, root)
    }
    case 2: {
      const element = document.createElementNS(null, ITEM_NAME)
      element.setAttribute('name', (item as NamedNode).nodeName)
      const text = stringValue(item)
      if (text !== '') element.appendChild(document.createTextNode(text))
      return element
    }
    case 3:
    case 4: {
      const element = document.createElementNS(null, ITEM_NAME)
      element.appendChild(document.createTextNode(stringValue(item)))
      return element
    }
    default:
      return jsonElement(document, ITEM_NAME, stringValue(item))
  }
}

/** Builds the array of FN-array-1 over `items` (also used by `sort()` and `array-reverse()`). */
export function buildArray(items: readonly Item[]): XNode {
  const decoded = items.map((item) => (item instanceof Content ? decodeContent(item) : item))
  const plain = decoded.map(plainJson)
  if (plain.every((json) => json !== undefined)) return oxnRoot(plain as JsonValue[])
  const document = newDocument()
  const root = document.appendChild(document.createElementNS(null, ROOT_NAME))
  root.setAttribute('array', '')
  decoded.forEach((item, i) => {
    const json = plain[i]
    const child =
      json !== undefined
        ? jsonElement(document, ITEM_NAME, json)
        : isNode(item)
          ? domChild(document, item)
          : jsonElement(document, ITEM_NAME, toXPathString(item))
    if (child !== undefined) root.appendChild(child)
  })
  return asXNode(root)
}

export function xpArray(items: Value): XNode {
  return buildArray(toSequence(items))
}
