/**
 * The content decoders by media kind (oxn.md OXN-X6): one module each. A decoder returns the decoded
 * item, or undefined when the content does not parse (it is then used as its text, flows.md F-VAR-9).
 * XML (OXN-X1) and HTML (OXN-X3) give slimdom documents.
 */
import type { Content } from '../../values/content.js'
import type { Item } from '../../values/item.js'
import type { MediaKind } from '../media-type.js'
import { decodeHtmlContent } from './html.js'
import { decodeJsonContent } from './json.js'
import { decodeXmlContent } from './xml.js'

export type ContentDecoder = (content: Content) => Item | undefined

export const CONTENT_DECODERS: { readonly [K in MediaKind]: ContentDecoder | null } = Object.freeze({
  json: decodeJsonContent,
  xml: decodeXmlContent,
  html: decodeHtmlContent,
})
