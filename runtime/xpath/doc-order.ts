/**
 * Document order of OXN nodes for the fast path (xpath-functions.md XP-PATH-3: path results are in
 * document order without duplicates). Within an element its attributes come first, then its text,
 * then its child elements. Nodes of other trees or other node models are left to the engine.
 */
import { OxnAttribute, OxnDocument, OxnElement, OxnText } from '../oxn/index.js'
import type { XNode } from '../values/item.js'
import { FAST_PATH_BAILOUT } from './errors.js'

/** The nodes in document order, duplicates removed. */
export function inDocumentOrder(nodes: XNode[]): XNode[] {
  let sorted = true
  for (let i = 1; i < nodes.length && sorted; i++) sorted = compareOxn(nodes[i - 1]!, nodes[i]!) < 0
  if (sorted) return nodes
  const unique = [...new Set(nodes)]
  unique.sort(compareOxn)
  return unique
}

/** Position path from the document down to the node. */
function pathOf(node: XNode): { doc: OxnDocument; path: number[] } {
  const path: number[] = []
  let current: XNode = node
  for (;;) {
    if (current instanceof OxnElement) {
      path.push(current.parent instanceof OxnDocument ? 0 : 1_000 + current.index)
      current = current.parent
    } else if (current instanceof OxnAttribute) {
      path.push(current.ownerElement.attributeNodes().indexOf(current))
      current = current.ownerElement
    } else if (current instanceof OxnText) {
      path.push(999)
      current = current.parent
    } else if (current instanceof OxnDocument) {
      return { doc: current, path: path.reverse() }
    } else throw FAST_PATH_BAILOUT
  }
}

function compareOxn(a: XNode, b: XNode): number {
  if (a === b) return 0
  const x = pathOf(a)
  const y = pathOf(b)
  if (x.doc !== y.doc) throw FAST_PATH_BAILOUT
  const length = Math.min(x.path.length, y.path.length)
  for (let i = 0; i < length; i++) if (x.path[i] !== y.path[i]) return x.path[i]! - y.path[i]!
  return x.path.length - y.path.length
}
