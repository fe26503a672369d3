/**
 * Test helper: serializes an OXN tree as XML (oxn.md section 1 notation) by walking the public node
 * API, so that trees can be compared with the spec's examples and re-parsed by slimdom.
 */
import { OxnDocument, OxnElement } from '../../../../runtime/oxn/index.js'

export function oxnToXml(node: OxnDocument | OxnElement): string {
  if (node instanceof OxnDocument) return oxnToXml(node.documentElement)
  let out = '<' + node.nodeName
  for (const attribute of node.attributeNodes()) out += ` ${attribute.name}="${escapeXml(attribute.value)}"`
  const children = node.children()
  const text = node.textNode()
  if (children.length === 0 && text === null) return out + '/>'
  out += '>'
  if (text !== null) out += escapeXml(text.data)
  for (const child of children) out += oxnToXml(child)
  return out + '</' + node.nodeName + '>'
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
