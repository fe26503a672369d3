/**
 * HTML text and `text/html` content -> a slimdom document (oxn.md OXN-X3, OXN-X6; xpath-functions.md
 * FN-html-parse-1): parsed by parse5 (the WHATWG HTML parsing algorithm, tolerant of any input; the
 * document always has `html`, `head` and `body`), then rebuilt with lower-case element and attribute
 * names in no namespace, so `/html/body//a/@href` works without prefixes. Decided: names that are no
 * XML names (`<a@b>`, an attribute `"x`) cannot exist in the node model: such an element is replaced
 * by its children, such an attribute is dropped; doctypes are left out; a `template` element holds
 * its contents as children.
 */
import { parse } from 'parse5'
import { Document, type Element, type Node } from 'slimdom'

import type { Content } from '../../values/content.js'
import type { XNode } from '../../values/item.js'
import { markDecoded } from './xml.js'

/** The parts of parse5's default tree that are read here. */
interface Parse5Node {
  readonly nodeName: string
  readonly tagName?: string
  readonly value?: string
  readonly data?: string
  readonly attrs?: readonly { readonly name: string; readonly value: string }[]
  readonly childNodes?: readonly Parse5Node[]
  readonly content?: Parse5Node
}

/** Parses `text` with the HTML5 algorithm; never fails. */
export function parseHtmlText(text: string): XNode {
  const source = parse(text) as unknown as Parse5Node
  const document = new Document()
  appendChildren(document, document, source)
  return document as unknown as XNode
}

/** The document of HTML content (never undefined: HTML always parses). */
export function decodeHtmlContent(content: Content): XNode {
  return markDecoded(parseHtmlText(content.text), content)
}

function appendChildren(document: Document, parent: Node, source: Parse5Node): void {
  const children = source.nodeName === 'template' && source.content ? source.content.childNodes : source.childNodes
  for (const child of children ?? []) appendNode(document, parent, child)
}

function appendNode(document: Document, parent: Node, source: Parse5Node): void {
  switch (source.nodeName) {
    case '#text':
      parent.appendChild(document.createTextNode(source.value ?? ''))
      return
    case '#comment':
      parent.appendChild(document.createComment(source.data ?? ''))
      return
    case '#documentType':
      return
  }
  if (source.tagName === undefined) return
  const element = createElement(document, source.tagName.toLowerCase())
  if (element === undefined) {
    appendChildren(document, parent, source)
    return
  }
  for (const attribute of source.attrs ?? []) {
    try {
      element.setAttribute(attribute.name.toLowerCase(), attribute.value)
    } catch {
      // not an XML name: cannot exist in the node model
    }
  }
  appendChildren(document, element, source)
  parent.appendChild(element)
}

function createElement(document: Document, name: string): Element | undefined {
  try {
    return document.createElementNS(null, name)
  } catch {
    return undefined
  }
}
