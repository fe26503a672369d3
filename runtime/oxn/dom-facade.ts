/**
 * The fontoxpath DOM facade for every node the gateway hands to the engine (oxn.md section 2,
 * OXN-A1..A6, OXN-X4): OXN nodes are navigated here, lazily; any other node (slimdom XML or HTML) by
 * its standard DOM properties. The engine passes a *bucket* (`name-foo`, `type-1`, ...) when it knows
 * that only some nodes can match; OXN navigation uses it to skip making nodes (a `name-foo` child step
 * looks the key up). Returning more nodes than the bucket allows is always correct (the engine still
 * applies its test), so unknown buckets return everything.
 */
import type { IDomFacade } from 'fontoxpath'

import type { XNode } from '../values/item.js'
import { JsonObject } from '../values/json-value.js'
import type { DomAttr, DomNode } from './dom-node.js'
import { ITEM_NAME, memberElementName } from './json-type.js'
import { OxnAttribute, OxnDocument, OxnElement, OxnNode, OxnText } from './nodes.js'

type Bucket = string | null | undefined

const NONE: readonly XNode[] = Object.freeze([])

/** The name in a `name-<local name>` bucket, or null for other buckets. */
function bucketName(bucket: Bucket): string | null {
  return bucket != null && bucket.startsWith('name-') ? bucket.slice(5) : null
}

/** Whether an element can match `bucket`. */
function bucketAllowsElements(bucket: Bucket): boolean {
  return bucketAllowsType(bucket, 1)
}

/** Whether a node of `nodeType` (CDATA counted as text) can match a `type-N`-style bucket. */
function bucketAllowsType(bucket: Bucket, nodeType: number): boolean {
  if (bucket == null || bucket === 'name') return true
  if (bucket === 'type-1-or-type-2') return nodeType === 1 || nodeType === 2
  if (bucket.startsWith('type-')) {
    const wanted = Number(bucket.slice(5))
    return wanted !== wanted || wanted === (nodeType === 4 ? 3 : nodeType)
  }
  return true
}

function domMatches(node: DomNode, bucket: Bucket): boolean {
  if (bucket == null) return true
  const name = bucketName(bucket)
  if (name !== null) return (node.nodeType === 1 || node.nodeType === 2) && node.localName === name
  return bucketAllowsType(bucket, node.nodeType)
}

function oxnChildNodes(node: OxnElement, bucket: Bucket): readonly XNode[] {
  if (node.childCount === 0) {
    const text = node.textNode()
    return text !== null && bucketName(bucket) === null && bucketAllowsType(bucket, 3) ? [text] : NONE
  }
  const name = bucketName(bucket)
  if (name !== null) return node.childrenNamed(name)
  return bucketAllowsElements(bucket) ? node.children() : NONE
}

function oxnFirstOrLastChild(node: OxnElement | OxnDocument, bucket: Bucket, last: boolean): XNode | null {
  if (node instanceof OxnDocument) {
    const root = node.documentElement
    const name = bucketName(bucket)
    return (name === null ? bucketAllowsElements(bucket) : name === root.localName) ? root : null
  }
  const count = node.childCount
  if (count === 0) return oxnChildNodes(node, bucket)[0] ?? null
  const name = bucketName(bucket)
  if (name !== null) {
    const named = node.childrenNamed(name)
    return (last ? named[named.length - 1] : named[0]) ?? null
  }
  return bucketAllowsElements(bucket) ? node.childAt(last ? count - 1 : 0)! : null
}

/** The next (step 1) or previous (step -1) sibling element matching `bucket`. */
function oxnSibling(node: OxnElement, bucket: Bucket, step: 1 | -1): XNode | null {
  const parent = node.parent
  if (!(parent instanceof OxnElement)) return null
  const name = bucketName(bucket)
  if (name === null) return bucketAllowsElements(bucket) ? (parent.childAt(node.index + step) ?? null) : null
  const json = parent.json
  if (!(json instanceof JsonObject)) return name === ITEM_NAME ? (parent.childAt(node.index + step) ?? null) : null
  // scan the keys, making only the node that is returned
  const keys = json.keys
  for (let i = node.index + step; i >= 0 && i < keys.length; i += step) {
    if (memberElementName(keys[i]!) === name) return parent.childAt(i)!
  }
  return null
}

function filterAttributes(attributes: readonly XNode[], bucket: Bucket): readonly XNode[] {
  if (bucket == null) return attributes
  const name = bucketName(bucket)
  if (name !== null) return attributes.filter((attribute) => (attribute as DomAttr).localName === name)
  return bucketAllowsType(bucket, 2) ? attributes : NONE
}

const facade = {
  getAllAttributes(node: XNode, bucket?: Bucket): readonly XNode[] {
    if (node instanceof OxnElement) return filterAttributes(node.attributeNodes(), bucket)
    if (node instanceof OxnNode || node.nodeType !== 1) return NONE
    const attributes = (node as DomNode).attributes
    return attributes === undefined ? NONE : filterAttributes(Array.from(attributes), bucket)
  },

  getAttribute(node: XNode, name: string): string | null {
    if (node instanceof OxnElement) return node.getAttribute(name)
    if (node instanceof OxnNode || node.nodeType !== 1) return null
    return (node as DomNode).getAttribute?.(name) ?? null
  },

  getChildNodes(node: XNode, bucket?: Bucket): readonly XNode[] {
    if (node instanceof OxnElement) return oxnChildNodes(node, bucket)
    if (node instanceof OxnDocument)
      return node.children().filter((root) => domMatches(root as unknown as DomNode, bucket))
    if (node instanceof OxnNode) return NONE
    const children = Array.from((node as DomNode).childNodes ?? NONE) as DomNode[]
    return bucket == null ? children : children.filter((child) => domMatches(child, bucket))
  },

  getData(node: XNode): string {
    if (node instanceof OxnText) return node.data
    if (node instanceof OxnAttribute) return node.value
    if (node instanceof OxnNode) return ''
    return node.nodeType === 2 ? (node as DomAttr).value : ((node as DomNode).data ?? '')
  },

  getFirstChild(node: XNode, bucket?: Bucket): XNode | null {
    if (node instanceof OxnElement || node instanceof OxnDocument) return oxnFirstOrLastChild(node, bucket, false)
    if (node instanceof OxnNode) return null
    for (let child = (node as DomNode).firstChild; child !== null; child = child.nextSibling) {
      if (domMatches(child, bucket)) return child
    }
    return null
  },

  getLastChild(node: XNode, bucket?: Bucket): XNode | null {
    if (node instanceof OxnElement || node instanceof OxnDocument) return oxnFirstOrLastChild(node, bucket, true)
    if (node instanceof OxnNode) return null
    for (let child = (node as DomNode).lastChild; child !== null; child = child.previousSibling) {
      if (domMatches(child, bucket)) return child
    }
    return null
  },

  getNextSibling(node: XNode, bucket?: Bucket): XNode | null {
    if (node instanceof OxnElement) return oxnSibling(node, bucket, 1)
    if (node instanceof OxnNode) return null
    for (let sibling = (node as DomNode).nextSibling; sibling !== null; sibling = sibling.nextSibling) {
      if (domMatches(sibling, bucket)) return sibling
    }
    return null
  },

  getPreviousSibling(node: XNode, bucket?: Bucket): XNode | null {
    if (node instanceof OxnElement) return oxnSibling(node, bucket, -1)
    if (node instanceof OxnNode) return null
    for (let sibling = (node as DomNode).previousSibling; sibling !== null; sibling = sibling.previousSibling) {
      if (domMatches(sibling, bucket)) return sibling
    }
    return null
  },

  /** The XPath parent: an attribute's owner element; the bucket is ignored (a superset is correct). */
  getParentNode(node: XNode): XNode | null {
    if (node instanceof OxnElement || node instanceof OxnText) return node.parent
    if (node instanceof OxnAttribute) return node.ownerElement
    if (node instanceof OxnNode) return null
    return node.nodeType === 2 ? (node as DomAttr).ownerElement : (node as DomNode).parentNode
  },
}

/**
 * The composite facade to pass to every fontoxpath evaluation: OXN nodes lazily, other nodes through
 * standard DOM properties. Arrays it returns are shared and must not be modified.
 */
export const OXN_DOM_FACADE: IDomFacade = Object.freeze(facade) as unknown as IDomFacade
