/**
 * Entry points for building and walking OXN trees (oxn.md OXN-1, OXN-14, OXN-A1..A3): a document or
 * root element over any JsonValue (parsed text or hand-built data such as `$request` and `$error`),
 * and the child helpers the XPath fast path uses.
 */
import type { Content } from '../values/content.js'
import type { JsonValue } from '../values/json-value.js'
import { ROOT_NAME } from './json-type.js'
import { OxnAttribute, OxnDocument, OxnElement, OxnNode, OxnText } from './nodes.js'

const NO_ELEMENTS: readonly OxnElement[] = Object.freeze([])

/** A new OXN document over `value` (OXN-1); `content` is the content value it was decoded from. */
export function oxnDocument(value: JsonValue, content?: Content): OxnDocument {
  return new OxnDocument(value, content)
}

/** The `json` root element of a new OXN document over `value` (OXN-14: what json-parse() returns). */
export function oxnRoot(value: JsonValue): OxnElement {
  return new OxnDocument(value).documentElement
}

/** True for OXN documents, elements, attributes and text nodes. */
export function isOxnNode(node: unknown): node is OxnDocument | OxnElement | OxnAttribute | OxnText {
  return node instanceof OxnNode
}

/** The child elements of a document (its root) or element, memoised with stable identity. */
export function childElements(node: OxnDocument | OxnElement): readonly OxnElement[] {
  return node.children()
}

/**
 * The child elements named `name` (a child step `name`, OXN-A1/A3). For objects this looks the key
 * up without making the other members' nodes.
 */
export function childByName(node: OxnDocument | OxnElement, name: string): readonly OxnElement[] {
  if (node instanceof OxnDocument) return name === ROOT_NAME ? node.children() : NO_ELEMENTS
  return node.childrenNamed(name)
}
