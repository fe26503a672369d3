/**
 * The `oxn-array` parameter kind (xpath-functions.md FN-0-2): the first item of the argument; a
 * document node stands for its document element; it must be an element carrying the `array` type
 * attribute (an OXN element, or a DOM element that carries one, oxn.md OXN-X4). Also the items of
 * such an array and the JSON a node renders as (OXN-R), which the array functions work on.
 */
import { decodeContent, OxnElement, parseJson, renderNode, typeOfNode } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type XNode } from '../../values/item.js'
import type { JsonValue } from '../../values/json-value.js'
import { firstOf, type Value } from '../value.js'
import { documentElementOf } from './dom-tree.js'

/** The array element of an `oxn-array` argument, or undefined when it is none. */
export function oxnArrayOf(value: Value): XNode | undefined {
  let item = firstOf(value)
  if (item instanceof Content) item = decodeContent(item)
  if (item === undefined || !isNode(item)) return undefined
  const element = item.nodeType === 9 ? documentElementOf(item) : item
  return element !== undefined && element.nodeType === 1 && typeOfNode(element) === 'array' ? element : undefined
}

interface DomLike {
  readonly firstChild: DomLike | null
  readonly nextSibling: DomLike | null
  readonly nodeType: number
}

/** The child elements of an element, in order. */
export function childElementsOf(element: XNode): XNode[] {
  if (element instanceof OxnElement) return [...element.children()]
  const out: XNode[] = []
  for (let child = (element as unknown as DomLike).firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) out.push(child as unknown as XNode)
  }
  return out
}

/** The JSON value a node renders as (OXN-R): an OXN element's own value, else its rendering parsed. */
export function jsonOfNode(node: XNode): JsonValue {
  if (node instanceof OxnElement) return node.json
  return parseJson(renderNode(node))
}
