/**
 * The result of a transformation as a content value (actions.md ACT-xslt-3): the serialized output
 * with the media type of `xsl:output` (`media-type`, else by method: `xml` `application/xml`, `html`
 * `text/html`, `xhtml` `application/xhtml+xml`, `json` `application/json`, `text` `text/plain`).
 * Without a declared method the output is HTML when it starts with an `html` document (the XSLT
 * default), else XML. The `encoding` attribute is ignored: output is UTF-8. Decided: the result is
 * kept as content so that it is sent byte for byte with its media type; expressions see the document
 * it decodes to (XML and HTML methods always decode as such, whatever the media type), or the text.
 */
import { mediaKindOf, parseHtmlText, parseXmlText } from '../oxn/index.js'
import { markDecoded } from '../oxn/decoders/xml.js'
import { Content } from '../values/content.js'

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  xml: 'application/xml',
  html: 'text/html',
  xhtml: 'application/xhtml+xml',
  json: 'application/json',
  text: 'text/plain',
}

export function resultContent(output: string, method: string | null, mediaType: string | null): Content {
  const effective = method ?? (/^\s*(<!doctype\s+html|<html[\s>])/i.test(output) ? 'html' : 'xml')
  const content = Content.fromText(output, mediaType ?? MEDIA_TYPES[effective] ?? MEDIA_TYPES['xml']!)
  // a document method whose media type would not decode as a document
  const kind = mediaKindOf(content.essence)
  if (effective === 'html' && kind !== 'html') content.decoded = markDecoded(parseHtmlText(output), content)
  else if ((effective === 'xml' || effective === 'xhtml') && kind !== 'xml') {
    const parsed = parseXmlText(output)
    if (parsed.ok) content.decoded = markDecoded(parsed.document, content)
  }
  return content
}
