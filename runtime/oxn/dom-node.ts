/**
 * The standard DOM properties the runtime reads from nodes that are not OXN nodes (slimdom XML and
 * HTML documents, oxn.md OXN-X1..X4), kept to what both slimdom and the DOM spec provide.
 */

export interface DomNode {
  readonly nodeType: number
  readonly nodeName: string
  readonly localName?: string | null
  readonly namespaceURI?: string | null
  readonly parentNode: DomNode | null
  readonly firstChild: DomNode | null
  readonly lastChild: DomNode | null
  readonly nextSibling: DomNode | null
  readonly previousSibling: DomNode | null
  readonly childNodes: ArrayLike<DomNode>
  /** Elements only. */
  readonly attributes?: ArrayLike<DomAttr>
  /** Documents only. */
  readonly documentElement?: DomNode | null
  /** Text, CDATA, comment and processing-instruction nodes. */
  readonly data?: string
  getAttribute?(name: string): string | null
}

export interface DomAttr extends DomNode {
  readonly name: string
  readonly value: string
  readonly ownerElement: DomNode | null
}

export const ELEMENT_NODE = 1
export const ATTRIBUTE_NODE = 2
export const TEXT_NODE = 3
export const CDATA_SECTION_NODE = 4
export const PROCESSING_INSTRUCTION_NODE = 7
export const COMMENT_NODE = 8
export const DOCUMENT_NODE = 9
export const DOCUMENT_FRAGMENT_NODE = 11

/** Text or CDATA section: what XPath sees as text nodes. */
export function isTextLike(node: DomNode): boolean {
  return node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE
}
