/**
 * A plain, immutable copy of the XQueryX tree fontoxpath's `parseScript` returns (one node per
 * element, attributes by local name, the text of leaf elements). The rewrite (xpath-functions.md
 * section 12) and the printer work on this form, and tests can build it by hand.
 */

export interface XqxNode {
  /** Local name of the XQueryX element: `pathExpr`, `equalOp`, `varRef`, ... */
  readonly tag: string
  /** Attributes by local name: `prefix`, `URI`, `type` (fontoxpath's static type annotation). */
  readonly attrs: Readonly<Record<string, string>>
  readonly children: readonly XqxNode[]
  /** Text content of an element without element children, else null. */
  readonly text: string | null
}

/** The DOM shape read from parseScript's output (slimdom elements). */
interface DomLike {
  readonly nodeType: number
  readonly localName?: string | null
  readonly data?: string
  readonly childNodes: ArrayLike<DomLike>
  readonly attributes?: ArrayLike<{ readonly localName: string; readonly value: string }>
}

const NO_CHILDREN: readonly XqxNode[] = Object.freeze([])
const NO_ATTRS: Readonly<Record<string, string>> = Object.freeze({})

export function xqx(
  tag: string,
  children: readonly XqxNode[] = NO_CHILDREN,
  attrs: Readonly<Record<string, string>> = NO_ATTRS,
  text: string | null = null,
): XqxNode {
  return { tag, attrs, children, text }
}

/** A leaf element with text content, e.g. `value` of a literal or `xpathAxis`. */
export function xqxText(tag: string, text: string, attrs: Readonly<Record<string, string>> = NO_ATTRS): XqxNode {
  return { tag, attrs, children: NO_CHILDREN, text }
}

/** Converts an XQueryX element (comments dropped). */
export function fromXqueryx(element: DomLike): XqxNode {
  const children: XqxNode[] = []
  let text = ''
  for (let i = 0; i < element.childNodes.length; i++) {
    const child = element.childNodes[i]!
    if (child.nodeType === 1) children.push(fromXqueryx(child))
    else if (child.nodeType === 3 || child.nodeType === 4) text += child.data ?? ''
  }
  const attrs: Record<string, string> = {}
  const list = element.attributes
  if (list) for (let i = 0; i < list.length; i++) attrs[list[i]!.localName] = list[i]!.value
  return {
    tag: element.localName ?? '',
    attrs: Object.keys(attrs).length === 0 ? NO_ATTRS : attrs,
    children: children.length === 0 ? NO_CHILDREN : children,
    text: children.length === 0 ? text : null,
  }
}

/** First child with that tag. */
export function childTagged(node: XqxNode, tag: string): XqxNode | undefined {
  return node.children.find((c) => c.tag === tag)
}

/** All children with that tag. */
export function childrenTagged(node: XqxNode, tag: string): XqxNode[] {
  return node.children.filter((c) => c.tag === tag)
}

/** The single expression inside a wrapper such as `firstOperand`, `argExpr`, `ifClause`. */
export function inner(node: XqxNode | undefined): XqxNode {
  const child = node?.children[0]
  if (child === undefined) throw new Error(`internal error: empty XQueryX wrapper ${node?.tag ?? '(missing)'}`)
  return child
}

/** Copy with other children. */
export function withChildren(node: XqxNode, children: readonly XqxNode[]): XqxNode {
  return { tag: node.tag, attrs: node.attrs, children, text: node.text }
}

/** Depth-first walk (pre-order). */
export function walkXqx(node: XqxNode, visit: (node: XqxNode) => void): void {
  visit(node)
  for (const child of node.children) walkXqx(child, visit)
}
