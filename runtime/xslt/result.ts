/**
 * The result of a transformation as a content value (actions.md ACT-xslt-3): the serialized output
 * with the media type of `xsl:output` (`media-type`, else by method: `xml` `application/xml`, `html`
 * `text/html`, `xhtml` `application/xhtml+xml`, `json` `application/json`, `text` `text/plain`).
 * Without a declared method the output is HTML when it starts with an `html` document (the XSLT
 * default), else XML. The `encoding` attribute is ignored: output is UTF-8. Decided: the result is
 * kept as content so that it is sent byte for byte with its media type; expressions see the document
 * it decodes to (XML and HTML methods always decode as such, whatever the media type), or the text.
 * An XML result whose document element carries a JSON type attribute (oxn.md OXN-X4, e.g. `<json
 * object="">`) is a JSON value: its bytes are the JSON rendering (flows.md F-RESP-4) with the declared
 * JSON media type or `application/json`, while expressions still see the XML document.
 */
import type { Document } from 'slimdom'

import { markDecoded } from '../oxn/decoders/xml.js'
import { mediaKindOf, parseHtmlText, parseXmlText, renderNode, typeOfNode } from '../oxn/index.js'
import { Content } from '../values/content.js'
import type { XNode } from '../values/item.js'

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  xml: 'application/xml',
  html: 'text/html',
  xhtml: 'application/xhtml+xml',
  json: 'application/json',
  text: 'text/plain',
}

/** Cheap pre-check before parsing: the output may hold a type attribute (OXN-2). */
const TYPE_ATTRIBUTE = /\s(?:object|array|string|number|boolean|null)\s*=/

export function resultContent(output: string, method: string | null, mediaType: string | null): Content {
  const effective = method ?? (/^\s*(<!doctype\s+html|<html[\s>])/i.test(output) ? 'html' : 'xml')
  const content = Content.fromText(output, mediaType ?? MEDIA_TYPES[effective] ?? MEDIA_TYPES['xml']!)
  const kind = mediaKindOf(content.essence)
  if (effective === 'xml' && (mediaType === null || kind === 'json') && TYPE_ATTRIBUTE.test(output)) {
    const json = typedResult(output, mediaType)
    if (json !== undefined) return json
  }
  // a document method whose media type would not decode as a document
  if (effective === 'html' && kind !== 'html') content.decoded = markDecoded(parseHtmlText(output), content)
  else if ((effective === 'xml' || effective === 'xhtml') && kind !== 'xml') {
    const parsed = parseXmlText(output)
    if (parsed.ok) content.decoded = markDecoded(parsed.document, content)
  }
  return content
}

/** The JSON content of an XML result whose document element is typed (OXN-X4), else undefined. */
function typedResult(output: string, mediaType: string | null): Content | undefined {
  const parsed = parseXmlText(output)
  if (!parsed.ok) return undefined
  const root = (parsed.document as unknown as Document).documentElement
  if (root === null || typeOfNode(root as unknown as XNode) === null) return undefined
  const content = Content.fromText(renderNode(parsed.document), mediaType ?? 'application/json')
  content.decoded = markDecoded(parsed.document, content)
  return content
}
