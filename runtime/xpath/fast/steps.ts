/**
 * Path steps of the fast path (xpath-functions.md XP-PATH-1..3, oxn.md OXN-A1..A6): child steps by
 * name or `*`, attributes, `..`, `.`, predicates, over OXN nodes. Items that are not nodes are
 * ignored (XP-PATH-1/2); results of several context nodes come in document order without duplicates.
 * Nodes of XML/HTML documents are handed to the engine (FAST_PATH_BAILOUT).
 */
import type { FlowContext } from '../../context/flow-context.js'
import {
  childByName,
  childElements,
  decodeContent,
  OxnAttribute,
  OxnDocument,
  OxnElement,
  OxnNode,
  OxnText,
} from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EMPTY, isNode, type Item, type Sequence, type XNode } from '../../values/item.js'
import { inDocumentOrder } from '../doc-order.js'
import { effectiveBoolean } from '../ebv.js'
import { FAST_PATH_BAILOUT } from '../errors.js'
import type { VariableScope } from '../scope.js'
import { rootOf } from '../scope.js'
import { firstOf, lengthOf, type Value } from '../value.js'
import type { FastAxis, FastPredicate } from './types.js'

const NONE: Sequence = EMPTY

function asNode(item: Item): XNode | undefined {
  if (item instanceof Content) item = decodeContent(item)
  return isNode(item) ? item : undefined
}

/** The nodes on `axis` from `node` (in axis order) whose name is `name` (null: any). */
function axisNodes(node: XNode, axis: FastAxis, name: string | null): readonly XNode[] {
  if (axis === 'self') return [node]
  if (node instanceof OxnElement || node instanceof OxnDocument) {
    switch (axis) {
      case 'child':
        return name === null ? childElements(node) : childByName(node, name)
      case 'attribute': {
        if (!(node instanceof OxnElement)) return NONE as readonly XNode[]
        const attributes = node.attributeNodes()
        return name === null ? attributes : attributes.filter((a) => a.name === name)
      }
      case 'parent':
        return node instanceof OxnElement ? [node.parent] : (NONE as readonly XNode[])
    }
  }
  if (node instanceof OxnAttribute) return axis === 'parent' ? [node.ownerElement] : (NONE as readonly XNode[])
  if (node instanceof OxnText) return axis === 'parent' ? [node.parent] : (NONE as readonly XNode[])
  if (node instanceof OxnNode) return NONE as readonly XNode[]
  // an empty document node (the context without main content) has nothing on any axis
  const dom = node as XNode & { firstChild?: unknown }
  if (node.nodeType === 9 && dom.firstChild === null) return NONE as readonly XNode[]
  throw FAST_PATH_BAILOUT
}

/** The predicates applied in order to one context node's step result. */
function applyPredicates(
  ctx: FlowContext,
  scope: VariableScope | undefined,
  items: readonly Item[],
  predicates: readonly FastPredicate[],
): readonly Item[] {
  for (const predicate of predicates) {
    if (items.length === 0) return items
    if (typeof predicate === 'number') {
      items =
        Number.isInteger(predicate) && predicate >= 1 && predicate <= items.length ? [items[predicate - 1]!] : NONE
    } else if (predicate === 'last') {
      items = [items[items.length - 1]!]
    } else {
      const kept: Item[] = []
      for (let i = 0; i < items.length; i++) {
        if (predicateHolds(predicate(ctx, items[i]!, scope), i + 1)) kept.push(items[i]!)
      }
      items = kept
    }
  }
  return items
}

/** A numeric predicate value selects by position; any other by its effective boolean value (XP-EBV-2). */
function predicateHolds(value: Value, position: number): boolean {
  if (lengthOf(value) === 1) {
    const item = firstOf(value)
    if (typeof item === 'number') return item === position
  }
  return effectiveBoolean(value)
}

function step(
  ctx: FlowContext | undefined,
  scope: VariableScope | undefined,
  input: Value,
  axis: FastAxis,
  name: string | null,
  predicates: readonly FastPredicate[],
): Sequence {
  if (!Array.isArray(input) || input.length === 1) {
    const node = asNode(Array.isArray(input) ? (input as Sequence)[0]! : (input as Item))
    if (node === undefined) return NONE
    const found = axisNodes(node, axis, name)
    return predicates.length === 0 ? found : applyPredicates(ctx!, scope, found, predicates)
  }
  let out: XNode[] = []
  let contributors = 0
  for (const item of input as Sequence) {
    const node = asNode(item)
    if (node === undefined) continue
    let found: readonly Item[] = axisNodes(node, axis, name)
    if (predicates.length > 0) found = applyPredicates(ctx!, scope, found, predicates)
    if (found.length === 0) continue
    contributors++
    out = out.concat(found as XNode[])
  }
  return contributors > 1 ? inDocumentOrder(out) : out
}

const NO_PREDICATES: readonly FastPredicate[] = Object.freeze([])

/** `E/name` */
export function xpChild(input: Value, name: string): Sequence {
  // the common case, one OXN element or document, without the general machinery
  const single = Array.isArray(input) ? (input.length === 1 ? (input as Sequence)[0] : undefined) : input
  if (single instanceof OxnElement || single instanceof OxnDocument) return childByName(single, name)
  return step(undefined, undefined, input, 'child', name, NO_PREDICATES)
}

/** `E/*` */
export function xpChildren(input: Value): Sequence {
  return step(undefined, undefined, input, 'child', null, NO_PREDICATES)
}

/** `E/@name` */
export function xpAttribute(input: Value, name: string): Sequence {
  return step(undefined, undefined, input, 'attribute', name, NO_PREDICATES)
}

/** `E/@*` */
export function xpAttributes(input: Value): Sequence {
  return step(undefined, undefined, input, 'attribute', null, NO_PREDICATES)
}

/** `E/..` */
export function xpParent(input: Value): Sequence {
  return step(undefined, undefined, input, 'parent', null, NO_PREDICATES)
}

/** `E/.`: the nodes of E in document order. */
export function xpSelf(input: Value): Sequence {
  return step(undefined, undefined, input, 'self', null, NO_PREDICATES)
}

/** A step with predicates: `E/value[2]`, `E/*[last()]`, `E/item[price > 10]`. */
export function xpStep(
  ctx: FlowContext,
  scope: VariableScope | undefined,
  input: Value,
  axis: FastAxis,
  name: string | null,
  ...predicates: FastPredicate[]
): Sequence {
  return step(ctx, scope, input, axis, name, predicates)
}

/** Predicates on a whole sequence (a filter expression): `$items[1]`, `(a/b)[last()]`. */
export function xpFilter(
  ctx: FlowContext,
  scope: VariableScope | undefined,
  input: Value,
  ...predicates: FastPredicate[]
): Sequence {
  const items: readonly Item[] = Array.isArray(input) ? (input as Sequence) : [input as Item]
  return applyPredicates(ctx, scope, items, predicates)
}

/** `/` from the context item: its tree's root; nothing when the context item is not a node (XP-PATH-2). */
export function xpRoot(input: Value): Sequence {
  const item = firstOf(input)
  const node = item === undefined ? undefined : asNode(item)
  if (node === undefined) return NONE
  if (!(node instanceof OxnNode) && !(node.nodeType === 9 && (node as { firstChild?: unknown }).firstChild === null))
    throw FAST_PATH_BAILOUT
  return [rootOf(node)]
}
