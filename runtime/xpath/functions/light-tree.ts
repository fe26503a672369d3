/**
 * Light, read-only trees for results built in bulk (the `token` elements of `split()`,
 * xpath-functions.md FN-split-3): untyped elements and text in no namespace, with just the DOM
 * properties the engine's facade, rendering and string values read (oxn.md OXN-R3, OXN-R6). Building
 * one costs two small objects per token instead of a DOM's mutation machinery. Nodes are frozen in
 * place once their tree is built (FN-0-5: trees are never modified).
 */

const NO_NODES: readonly LightNode[] = Object.freeze([])

abstract class LightNode {
  parentNode: LightParent | null = null
  /** Position among the parent's children. */
  index = 0
  abstract readonly nodeType: number
  abstract readonly nodeName: string
  get namespaceURI(): null {
    return null
  }
  get prefix(): null {
    return null
  }
  get childNodes(): readonly LightNode[] {
    return NO_NODES
  }
  get firstChild(): LightNode | null {
    return this.childNodes[0] ?? null
  }
  get lastChild(): LightNode | null {
    const children = this.childNodes
    return children[children.length - 1] ?? null
  }
  get nextSibling(): LightNode | null {
    return this.parentNode?.childNodes[this.index + 1] ?? null
  }
  get previousSibling(): LightNode | null {
    return this.index === 0 ? null : (this.parentNode?.childNodes[this.index - 1] ?? null)
  }
}

abstract class LightParent extends LightNode {
  readonly #children: LightNode[] = []

  override get childNodes(): readonly LightNode[] {
    return this.#children
  }

  /** Adds a child while the tree is being built. */
  append<T extends LightNode>(child: T): T {
    child.parentNode = this
    child.index = this.#children.length
    this.#children.push(child)
    return child
  }
}

export class LightDocument extends LightParent {
  readonly nodeType = 9
  readonly nodeName = '#document'
  get localName(): null {
    return null
  }
  get documentElement(): LightElement | null {
    return (this.childNodes.find((child) => child.nodeType === 1) as LightElement | undefined) ?? null
  }
}

export class LightElement extends LightParent {
  readonly nodeType = 1
  readonly attributes: readonly never[] = []

  constructor(readonly localName: string) {
    super()
  }
  get nodeName(): string {
    return this.localName
  }
  getAttribute(): null {
    return null
  }
}

export class LightText extends LightNode {
  readonly nodeType = 3
  readonly nodeName = '#text'

  constructor(readonly data: string) {
    super()
  }
  get localName(): null {
    return null
  }
}

/** A new document with one element `parent` holding one element `child` per text, in order; returns the children. */
export function lightList(parent: string, child: string, texts: readonly string[]): LightElement[] {
  const document = new LightDocument()
  const list = document.append(new LightElement(parent))
  const out: LightElement[] = []
  for (const text of texts) {
    const element = list.append(new LightElement(child))
    if (text !== '') element.append(new LightText(text))
    out.push(element)
  }
  return out
}
