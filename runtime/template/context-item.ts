/**
 * Context items and null-ness in templates: the initial context item from the input (templates.md
 * T-CTX-1), the item a `{{with}}` switches to (T-WITH-1, T-WITH-2), what a `{{loop}}` iterates
 * (T-LOOP-1, T-LOOP-2), and whether a value counts as null (T-NULL-1: exactly when its typed output
 * would be `null`).
 */
import type { DomNode } from '../oxn/dom-node.js'
import { decodeContent, OxnDocument, OxnElement, stringValue, typeOfNode } from '../oxn/index.js'
import { renderNumberText } from '../oxn/render-json-value.js'
import { XPathValueError } from '../oxn/value-error.js'
import { Content } from '../values/content.js'
import { EngineValue, isNode, type Item, type Sequence, type XNode, XPathArray, XPathMap } from '../values/item.js'
import { JsonNumber, type JsonValue } from '../values/json-value.js'
import { emptyDocument } from '../xpath/scope.js'

/** A content value decoded; a document node as its document element (when it has one). */
export function standIn(item: Item): Item {
  if (item instanceof Content) item = decodeContent(item)
  if (item instanceof OxnDocument) return item.documentElement
  if (isNode(item) && item.nodeType === 9) return (item as unknown as DomNode).documentElement ?? item
  return item
}

/**
 * T-CTX-1: the first item of the input, a document standing for its document element; no input or
 * the empty sequence gives an empty document node.
 */
export function initialFocus(input: Sequence | undefined): Item {
  const first = input?.[0]
  return first === undefined ? emptyDocument() : standIn(first)
}

/** T-NULL-1: whether a value's typed output (T-OUT) is `null`; only its first item is written (T-OUT-3). */
export function countsAsNull(value: Sequence): boolean {
  return value.length === 0 || itemIsNull(value[0]!)
}

function itemIsNull(item: Item): boolean {
  switch (typeof item) {
    case 'number':
      return !Number.isFinite(item)
    case 'string':
    case 'boolean':
      return false
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof XPathMap || item instanceof XPathArray) return false
  if (item instanceof EngineValue) return item.typeName.startsWith('function')
  if (item instanceof Content) return itemIsNull(decodeContent(item))
  if (item instanceof OxnDocument) return itemIsNull(item.documentElement)
  if (item instanceof OxnElement) return jsonCountsAsNull(item.json)
  return nodeIsNull(item as XNode)
}

/** T-NULL-1 for the JSON value an OXN element stands for: `null`, or a number whose output is `null`. */
export function jsonCountsAsNull(json: JsonValue): boolean {
  return json === null || (json instanceof JsonNumber && renderNumberText(json.text) === 'null')
}

/** Other nodes (XML, HTML, attributes, text): only a typed `null`/`number` element or an empty document can be null. */
function nodeIsNull(node: XNode): boolean {
  if (node.nodeType === 9) {
    const element = (node as DomNode).documentElement
    return element === null || element === undefined || nodeIsNull(element as XNode)
  }
  if (node.nodeType !== 1) return false
  const type = typeOfNode(node)
  if (type === 'null') return true
  return type === 'number' && renderNumberText(stringValue(node)) === 'null'
}

/**
 * T-LOOP-1: the items a loop over `value` iterates: the child elements of an OXN array element (also a
 * DOM element typed `array`, OXN-X4), the members of an XPath array (empty ones skipped, several items
 * a SERE0023 error as in T-OUT-8); null when the value is not an array (nothing is iterated).
 */
export function loopItems(value: Sequence): readonly Item[] | null {
  if (value.length === 0) return null
  const first = standIn(value[0]!)
  if (first instanceof OxnElement) return first.jsonType === 'array' ? first.children() : null
  if (first instanceof XPathArray) return arrayMembers(first)
  if (isNode(first) && first.nodeType === 1 && typeOfNode(first) === 'array')
    return childElementsOf(first as unknown as DomNode)
  return null
}

function arrayMembers(array: XPathArray): readonly Item[] {
  const items: Item[] = []
  for (const member of array.members) {
    if (member.length > 1)
      throw new XPathValueError('SERE0023', 'an array member holding several items cannot be iterated')
    if (member.length === 1) items.push(member[0]!)
  }
  return items
}

function childElementsOf(element: DomNode): readonly Item[] {
  const items: Item[] = []
  for (let child = element.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) items.push(child as unknown as Item)
  }
  return items
}

/** T-WITH-1, T-WITH-2: the new context item, or undefined when the value counts as null. */
export function withItem(value: Sequence): Item | undefined {
  return countsAsNull(value) ? undefined : standIn(value[0]!)
}
