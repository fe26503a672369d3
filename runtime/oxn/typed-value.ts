/**
 * Typing of nodes (oxn.md OXN-2, OXN-X4, OXN-T1): the JSON type an element carries through its type
 * attribute, whether it is an OXN element or a DOM element that happens to carry one, and the boolean
 * reading of typed text (`true` when the trimmed text is `true` or `1`, OXN-R2 and XP-CMP-2).
 */
import type { XNode } from '../values/item.js'
import type { DomNode } from './dom-node.js'
import { JSON_TYPES, type JsonType } from './json-type.js'
import { OxnElement, OxnNode } from './nodes.js'
import { trimXmlWhitespace } from './number-text.js'

/** The JSON type of an element with a type attribute (first in OXN-R2 order), else null. */
export function typeOfNode(node: XNode): JsonType | null {
  if (node instanceof OxnElement) return node.jsonType
  if (node instanceof OxnNode || node.nodeType !== 1) return null
  const attributes = (node as DomNode).attributes
  if (attributes === undefined || attributes.length === 0) return null
  let best = JSON_TYPES.length
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes[i]!
    if (attribute.namespaceURI) continue
    const at = JSON_TYPES.indexOf((attribute.localName ?? attribute.name) as JsonType)
    if (at >= 0 && at < best) best = at
  }
  return best < JSON_TYPES.length ? JSON_TYPES[best]! : null
}

/** The boolean of a `boolean` element's text: true when the trimmed text is `true` or `1`. */
export function isTrueText(text: string): boolean {
  const trimmed = trimXmlWhitespace(text)
  return trimmed === 'true' || trimmed === '1'
}
