/**
 * The `nameshave` action (actions.md ACT-nameshave-1..4): a copy of an XML document in which elements
 * and attributes keep only their local names and namespace declarations are gone; text, CDATA,
 * comments, processing instructions and the document type are kept. Of two attributes that end up
 * with one name the later wins. Input: a node (the first of a node-set; OXN and XML nodes alike) is
 * used as it is, a document or an element; a content value that decodes to a document (XML, HTML)
 * gives that document; other content and strings are parsed as XML (oxn.md OXN-X1, no internal DTD
 * subset). Missing input, or input that is not XML: RW, `out` unchanged. The result is a document;
 * in a content location it is `application/xml`.
 */
import { Document, type Element, type Node as DomNode } from 'slimdom'

import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { decodeContent, OXN_DOM_FACADE, parseXmlText } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type Sequence, type XNode } from '../../values/item.js'
import { readLocation } from './read-location.js'
import { itemText } from './value-text.js'
import { locationName, warnAction, type WritableLocation, writeLocation } from './write-location.js'

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'

interface NamedNode extends XNode {
  readonly nodeName: string
  readonly localName?: string | null
  readonly namespaceURI?: string | null
  readonly name?: string
  readonly publicId?: string
  readonly systemId?: string
}

export function nameshave(
  ctx: FlowContext,
  at: string,
  input: Location | LocationText,
  output: WritableLocation,
): void {
  const value = readLocation(ctx, input, at, 'nameshave')
  if (value === undefined)
    return warnAction(
      ctx,
      at,
      'nameshave',
      `${locationName(input)} is missing; ${locationName(output)} is left unchanged`,
    )
  const source = sourceNode(value)
  if (typeof source === 'string')
    return warnAction(
      ctx,
      at,
      'nameshave',
      `${locationName(input)} ${source}; ${locationName(output)} is left unchanged`,
    )
  const document = shave(source)
  if (output.kind === 'upstream-content') {
    const content = Content.fromText(itemText(document as unknown as XNode), 'application/xml')
    content.decoded = document
    return writeLocation(ctx, output, [content])
  }
  writeLocation(ctx, output, [document as unknown as XNode])
}

/** ACT-nameshave-1: the document or element to copy, or why there is none. */
function sourceNode(value: Sequence): XNode | string {
  const first = value[0]
  if (first === undefined) return 'is empty'
  if (isNode(first)) return first.nodeType === 9 || first.nodeType === 1 ? first : 'is not a document or an element'
  if (first instanceof Content) {
    const decoded = decodeContent(first)
    if (typeof decoded === 'object' && isNode(decoded) && decoded.nodeType === 9) return decoded
  }
  const parsed = parseXmlText(itemText(first))
  return parsed.ok ? parsed.document : `is not XML: ${parsed.reason}`
}

/** ACT-nameshave-2, ACT-nameshave-3: the shaved copy as a new document. */
export function shave(source: XNode): Document {
  const document = new Document()
  const roots = source.nodeType === 9 ? children(source) : [source]
  for (const node of roots) {
    const copy = copyNode(node, document)
    if (copy !== null) document.appendChild(copy)
  }
  return document
}

function copyNode(node: XNode, document: Document): DomNode | null {
  const named = node as NamedNode
  switch (node.nodeType) {
    case 1: {
      const element: Element = document.createElement(localName(named))
      for (const attribute of OXN_DOM_FACADE.getAllAttributes(node as never) as unknown as NamedNode[]) {
        if (attribute.namespaceURI === XMLNS_NS || attribute.nodeName === 'xmlns') continue
        element.setAttribute(localName(attribute), OXN_DOM_FACADE.getData(attribute as never))
      }
      for (const child of children(node)) {
        const copy = copyNode(child, document)
        if (copy !== null) element.appendChild(copy)
      }
      return element
    }
    case 3:
      return document.createTextNode(OXN_DOM_FACADE.getData(node as never))
    case 4:
      return document.createCDATASection(OXN_DOM_FACADE.getData(node as never))
    case 7:
      return document.createProcessingInstruction(named.nodeName, OXN_DOM_FACADE.getData(node as never))
    case 8:
      return document.createComment(OXN_DOM_FACADE.getData(node as never))
    case 10:
      return document.implementation.createDocumentType(named.nodeName, named.publicId ?? '', named.systemId ?? '')
    default:
      return null
  }
}

function children(node: XNode): readonly XNode[] {
  return OXN_DOM_FACADE.getChildNodes(node as never) as unknown as readonly XNode[]
}

function localName(node: NamedNode): string {
  const name = node.localName ?? node.nodeName
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}
