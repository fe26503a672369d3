/**
 * Variable lookup and the default context item of expressions. XP-VAR-2: a template-local scope (an
 * optional `VariableScope`) is asked first, then the request's global variables; XP-VAR-3: an unset
 * variable is the empty sequence. Contents are decoded before use (flows.md F-VAR-9, F-VAR-13).
 * F-EXPR-2 / XP-CTX-1: without an explicit focus, the context item is the decoded main content, the
 * document node of a node's tree, a scalar itself, or an empty document node.
 */
import * as slimdom from 'slimdom'

import type { FlowContext } from '../context/flow-context.js'
import { decodeContent, OxnAttribute, OxnDocument, OxnElement, OxnText } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { isNode, type Item, type Sequence, type XNode } from '../values/item.js'

/** Variables in front of the globals (template-local variables, XP-VAR-2). */
export interface VariableScope {
  /** The local value, or undefined when `name` is not a local variable here. */
  variable(name: string): Sequence | undefined
}

/** A variable's value with contents decoded. */
export function variableValue(ctx: FlowContext, scope: VariableScope | undefined, name: string): Sequence {
  const value = scope?.variable(name) ?? ctx.vars.get(name)
  if (value.length === 1) {
    const item = value[0]
    return item instanceof Content ? [decodeContent(item)] : value
  }
  for (let i = 0; i < value.length; i++) {
    if (value[i] instanceof Content) return value.map((item) => (item instanceof Content ? decodeContent(item) : item))
  }
  return value
}

/** F-EXPR-2: the context item of a flow-level expression. */
export function defaultFocus(ctx: FlowContext): Item {
  const first = ctx.contents.main?.[0]
  if (first === undefined) return emptyDocument()
  if (first instanceof Content) return decodeContent(first)
  if (isNode(first)) return rootOf(first)
  return first
}

/** XP-CTX-1: an empty document node (no children), made per use so that nothing is shared. */
export function emptyDocument(): XNode {
  return new slimdom.Document() as unknown as XNode
}

/** The root of a node's tree (the document node for OXN trees and parsed documents). */
export function rootOf(node: XNode): XNode {
  if (node instanceof OxnElement) return node.ownerDocument
  if (node instanceof OxnAttribute) return node.ownerElement.ownerDocument
  if (node instanceof OxnText) return node.parent.ownerDocument
  if (node instanceof OxnDocument) return node
  let current = node as XNode & { parentNode?: XNode | null; ownerElement?: XNode | null }
  for (;;) {
    const up = current.nodeType === 2 ? current.ownerElement : current.parentNode
    if (up === null || up === undefined) return current
    current = up as typeof current
  }
}
