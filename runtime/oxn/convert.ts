/**
 * The gateway's conversions of values (xpath-functions.md section 5): XP-CONV-1 to string, XP-CONV-2
 * to number, XP-EBV-1 truth of conditions (also XP-CONV-3 for boolean parameters). A document decoded
 * from a content value converts to the content's text (XP-CONV-1, decided), nodes to their string
 * value (OXN-T2), numbers by XP-NUM-1.
 */
import { Content } from '../values/content.js'
import { EngineValue, isNode, type Item, type Sequence, type XNode, XPathArray, XPathMap } from '../values/item.js'
import { OxnDocument, OxnElement } from './nodes.js'
import { formatXPathNumber, parseXPathDouble } from './number-text.js'
import { stringValue } from './string-value.js'
import { isTrueText, typeOfNode } from './typed-value.js'
import { XPathValueError } from './value-error.js'

/**
 * Property under which a decoder may record, on a DOM document it made, the content value it was
 * decoded from (OXN documents use their `content` field). XP-CONV-1 then uses the content's text.
 */
export const DECODED_FROM: unique symbol = Symbol('svc-gateway.decodedFrom')

/** The content value a document node was decoded from, if any. */
export function contentOfDocument(node: XNode): Content | undefined {
  if (node instanceof OxnDocument) return node.content
  if (node.nodeType !== 9) return undefined
  const content = (node as { [DECODED_FROM]?: unknown })[DECODED_FROM]
  return content instanceof Content ? content : undefined
}

/** XP-CONV-1: the string of a value (first item; empty -> ""). Throws XPathValueError XPTY0004 for maps and function items. */
export function toXPathString(value: Item | Sequence): string {
  let item: Item
  if (Array.isArray(value)) {
    if (value.length === 0) return ''
    item = value[0] as Item
  } else item = value as Item
  switch (typeof item) {
    case 'string':
      return item
    case 'number':
      return formatXPathNumber(item)
    case 'boolean':
      return item ? 'true' : 'false'
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof Content) return item.text
  if (item instanceof XPathArray) return item.members.length === 0 ? '' : toXPathString(item.members[0]!)
  if (item instanceof XPathMap) throw new XPathValueError('XPTY0004', 'a map has no string value')
  if (item instanceof EngineValue) {
    if (item.typeName.startsWith('function'))
      throw new XPathValueError('XPTY0004', 'a function item has no string value')
    return item.stringValue
  }
  const content = contentOfDocument(item)
  return content !== undefined ? content.text : stringValue(item)
}

/** XP-CONV-2: the number of a value (first item; empty -> NaN; booleans 1/0; text read as xs:double, else NaN). */
export function toXPathNumber(value: Item | Sequence): number {
  let item: Item
  if (Array.isArray(value)) {
    if (value.length === 0) return NaN
    item = value[0] as Item
  } else item = value as Item
  switch (typeof item) {
    case 'number':
      return item
    case 'boolean':
      return item ? 1 : 0
    case 'string':
      return parseXPathDouble(item)
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof OxnElement) {
    if (item.jsonType === 'boolean') return item.json ? 1 : 0
  } else if (isNode(item) && typeOfNode(item) === 'boolean') return isTrueText(stringValue(item)) ? 1 : 0
  return parseXPathDouble(toXPathString(item))
}

/**
 * XP-EBV-1 (and XP-CONV-3): true for two or more items, any single node, `true()`, a non-empty string,
 * a number other than 0 and NaN, a map, array, function item or other engine value; a content value
 * by its decoded form (a document is true, a string when non-empty).
 */
export function effectiveBooleanValue(value: Item | Sequence): boolean {
  let item: Item
  if (Array.isArray(value)) {
    if (value.length !== 1) return value.length > 1
    item = value[0] as Item
  } else item = value as Item
  switch (typeof item) {
    case 'boolean':
      return item
    case 'string':
      return item !== ''
    case 'number':
      return item !== 0 && item === item
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof Content) return contentIsTrue(item)
  return true
}

function contentIsTrue(content: Content): boolean {
  const decoded = content.decoded
  if (decoded !== undefined) return typeof decoded !== 'string' || decoded !== ''
  // undecoded: a document when it decodes, else the text; both are true when the text is non-empty,
  // and empty JSON/XML text never decodes to a document
  return content.bytes.length > 0 && content.text !== ''
}
