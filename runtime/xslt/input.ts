/**
 * The source document of an `xslt` action as XML text (actions.md ACT-xslt-2; oxn.md OXN-X1, OXN-X6):
 * a node (the first of a node-set) is serialized, OXN nodes as OXN XML (`<json object="">…`), XML and
 * HTML nodes as XML; XML content is used as it is; JSON and HTML content are decoded and serialized;
 * any other content and strings are taken as XML text. A document with an internal DTD subset is
 * refused (no entity is ever expanded); empty input and values that are no XML are refused too.
 */
import { internalSubsetProblem } from '../oxn/decoders/doctype.js'
import { decodeContent, mediaKindOf } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { isNode, type Sequence } from '../values/item.js'
import { serializeNode } from '../xpath/functions/serialize-xml.js'

export type SourceText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string }

export function xsltSourceText(value: Sequence): SourceText {
  const first = value[0]
  if (first === undefined) return { ok: false, reason: 'is empty' }
  let text: string
  if (isNode(first)) {
    if (first.nodeType !== 9 && first.nodeType !== 1) return { ok: false, reason: 'is not a document or an element' }
    text = serializeNode(first, false)
  } else if (first instanceof Content) {
    text = contentText(first)
  } else if (typeof first === 'string') {
    text = first
  } else return { ok: false, reason: 'is not XML' }
  if (text.trim() === '') return { ok: false, reason: 'is empty' }
  const refused = internalSubsetProblem(text)
  return refused === undefined ? { ok: true, text } : { ok: false, reason: `is refused: ${refused}` }
}

function contentText(content: Content): string {
  const kind = mediaKindOf(content.essence)
  if (kind === 'json' || kind === 'html') {
    const decoded = decodeContent(content)
    if (typeof decoded === 'object' && isNode(decoded)) return serializeNode(decoded, false)
  }
  return content.text
}
