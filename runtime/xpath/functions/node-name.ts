/**
 * `name([n])`, `local-name([n])`, `namespace-uri([n])` (xpath-functions.md XP-STR-1): the first item
 * of the argument; decided: a first item that is not a node gives "". Elements and attributes give
 * their (qualified, local) name and namespace, processing instructions their target, other nodes "".
 */
import { decodeContent } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type Item, type XNode } from '../../values/item.js'
import { firstOf, type Value } from '../value.js'

interface NamedNode extends XNode {
  readonly nodeName?: string
  readonly localName?: string | null
  readonly namespaceURI?: string | null
}

function firstNode(value: Value): NamedNode | undefined {
  let item: Item | undefined = firstOf(value)
  if (item instanceof Content) item = decodeContent(item)
  return item !== undefined && isNode(item) ? (item as NamedNode) : undefined
}

export function xpName(value: Value): string {
  const node = firstNode(value)
  if (node === undefined) return ''
  return node.nodeType === 1 || node.nodeType === 2 || node.nodeType === 7 ? (node.nodeName ?? '') : ''
}

export function xpLocalName(value: Value): string {
  const node = firstNode(value)
  if (node === undefined) return ''
  if (node.nodeType === 7) return node.nodeName ?? ''
  if (node.nodeType !== 1 && node.nodeType !== 2) return ''
  const name = node.localName ?? node.nodeName ?? ''
  return name.slice(name.indexOf(':') + 1)
}

export function xpNamespaceUri(value: Value): string {
  const node = firstNode(value)
  return node !== undefined && (node.nodeType === 1 || node.nodeType === 2) ? (node.namespaceURI ?? '') : ''
}
