/**
 * XML serialization of nodes for `svc-serialize()` (xpath-functions.md FN-svc-serialize-1,
 * FN-svc-serialize-2), over the same facade the engine uses, so OXN and DOM nodes serialize alike.
 * A document starts with `<?xml version="1.0"?>` and a line break. Pretty output puts each child of
 * element-only content (elements, comments, processing instructions and whitespace-only text) on its
 * own line, indented by two spaces per level, replacing that whitespace text; text and mixed content
 * are written as they are. Namespace declarations missing in the serialized fragment are added.
 */
import { OXN_DOM_FACADE } from '../../oxn/index.js'
import type { XNode } from '../../values/item.js'

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'
const XML_NS = 'http://www.w3.org/XML/1998/namespace'

interface NamedNode extends XNode {
  readonly nodeName: string
  readonly prefix?: string | null
  readonly localName?: string | null
  readonly namespaceURI?: string | null
  readonly name?: string
  readonly value?: string
  readonly publicId?: string
  readonly systemId?: string
}

type Scope = ReadonlyMap<string, string>

const children = (node: XNode): readonly XNode[] =>
  OXN_DOM_FACADE.getChildNodes(node as never) as unknown as readonly XNode[]
const attributesOf = (node: XNode): readonly NamedNode[] =>
  OXN_DOM_FACADE.getAllAttributes(node as never) as unknown as readonly NamedNode[]
const dataOf = (node: XNode): string => OXN_DOM_FACADE.getData(node as never)

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
}

function escapeAttribute(text: string): string {
  return text.replace(
    /[&<"\t\n\r]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' })[c]!,
  )
}

function isBlankText(node: XNode): boolean {
  return (node.nodeType === 3 || node.nodeType === 4) && /^[ \t\r\n]*$/.test(dataOf(node))
}

/** Element-only content: at least one element, nothing but elements, comments, PIs and blank text. */
function isElementOnly(nodes: readonly XNode[]): boolean {
  let elements = false
  for (const node of nodes) {
    if (node.nodeType === 1) elements = true
    else if (node.nodeType !== 7 && node.nodeType !== 8 && !isBlankText(node)) return false
  }
  return elements
}

/** The serialization of one node. */
export function serializeNode(node: XNode, pretty: boolean): string {
  return write(node, pretty, 0, new Map())
}

function write(node: XNode, pretty: boolean, depth: number, scope: Scope): string {
  const named = node as NamedNode
  switch (node.nodeType) {
    case 1:
      return writeElement(named, pretty, depth, scope)
    case 2:
      return `${named.name ?? named.nodeName}="${escapeAttribute(dataOf(node))}"`
    case 3:
      return escapeText(dataOf(node))
    case 4:
      return `<![CDATA[${dataOf(node)}]]>`
    case 7:
      return `<?${named.nodeName}${dataOf(node) === '' ? '' : ' ' + dataOf(node)}?>`
    case 8:
      return `<!--${dataOf(node)}-->`
    case 9: {
      const parts = children(node)
        .filter((child) => !isBlankText(child))
        .map((child) => write(child, pretty, 0, scope))
      return '<?xml version="1.0"?>\n' + parts.join(pretty ? '\n' : '')
    }
    case 10: {
      const ids = named.publicId
        ? ` PUBLIC "${named.publicId}" "${named.systemId ?? ''}"`
        : named.systemId
          ? ` SYSTEM "${named.systemId}"`
          : ''
      return `<!DOCTYPE ${named.nodeName}${ids}>`
    }
    default:
      return ''
  }
}

function writeElement(element: NamedNode, pretty: boolean, depth: number, scope: Scope): string {
  let inner: Map<string, string> | undefined
  const declare = (prefix: string, uri: string): void => {
    ;(inner ??= new Map(scope)).set(prefix, uri)
  }
  const current = (prefix: string): string => (inner ?? scope).get(prefix) ?? ''
  const attributes = attributesOf(element)
  let text = ''
  for (const attribute of attributes) {
    if (attribute.namespaceURI === XMLNS_NS)
      declare(attribute.prefix ? (attribute.localName ?? '') : '', dataOf(attribute))
  }
  const extra: string[] = []
  const need = (prefix: string, uri: string): void => {
    if (prefix === 'xml' || uri === XML_NS || current(prefix) === uri) return
    declare(prefix, uri)
    extra.push(prefix === '' ? ` xmlns="${escapeAttribute(uri)}"` : ` xmlns:${prefix}="${escapeAttribute(uri)}"`)
  }
  need(element.prefix ?? '', element.namespaceURI ?? '')
  for (const attribute of attributes) {
    if (attribute.namespaceURI !== XMLNS_NS && attribute.prefix) need(attribute.prefix, attribute.namespaceURI ?? '')
    text += ' ' + write(attribute, pretty, depth, scope)
  }
  const start = `<${element.nodeName}${extra.join('')}${text}`
  const content = children(element)
  if (content.length === 0) return start + '/>'
  const scopeInside = inner ?? scope
  if (pretty && isElementOnly(content)) {
    const indent = '\n' + '  '.repeat(depth + 1)
    let body = ''
    for (const child of content) if (!isBlankText(child)) body += indent + write(child, true, depth + 1, scopeInside)
    return `${start}>${body}\n${'  '.repeat(depth)}</${element.nodeName}>`
  }
  let body = ''
  for (const child of content) body += write(child, false, depth + 1, scopeInside)
  return `${start}>${body}</${element.nodeName}>`
}
