/**
 * XML text and XML content -> a namespace-aware slimdom document (oxn.md OXN-X1, OXN-X6; flows.md
 * F-VAR-9; xpath-functions.md FN-xml-parse-1): no DTD processing (an internal subset is refused before
 * parsing, external entities are never read), whitespace text kept. Decoded content documents
 * remember their content (XP-CONV-1 then uses the content's text).
 */
import { type Document, parseXmlDocument } from 'slimdom'

import type { Content } from '../../values/content.js'
import type { XNode } from '../../values/item.js'
import { DECODED_FROM } from '../convert.js'
import { internalSubsetProblem } from './doctype.js'

export type XmlParse = { readonly ok: true; readonly document: XNode } | { readonly ok: false; readonly reason: string }

/** Parses `text` as an XML document, or says why it is not well-formed (or refused, OXN-X1). */
export function parseXmlText(text: string): XmlParse {
  const refused = internalSubsetProblem(text)
  if (refused !== undefined) return { ok: false, reason: refused }
  try {
    return { ok: true, document: parseXmlDocument(text) as unknown as XNode }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, reason: message.split('\n')[0]!.trim() }
  }
}

/** The document of XML content, or undefined when its text does not parse (it is then used as text). */
export function decodeXmlContent(content: Content): XNode | undefined {
  const parsed = parseXmlText(content.text)
  if (!parsed.ok) return undefined
  return markDecoded(parsed.document, content)
}

/** Records on a DOM document the content it was decoded from (XP-CONV-1). */
export function markDecoded(document: XNode, content: Content): XNode {
  Object.defineProperty(document as Document, DECODED_FROM, { value: content })
  return document
}
