/**
 * Decoding content values for expressions (flows.md F-VAR-9, F-VAR-13; oxn.md OXN-X5, OXN-X6):
 * by media type, once, cached in `content.decoded`. JSON gives an OXN document; content that does not
 * parse, and content of any other media type, gives its text.
 */
import type { Content } from '../values/content.js'
import type { Item } from '../values/item.js'
import { CONTENT_DECODERS } from './decoders/index.js'
import { mediaKindOf } from './media-type.js'

/** F-VAR-9: the decoded form of `content` (an OXN document for JSON, else its text). */
export function decodeContent(content: Content): Item {
  if (content.decoded !== undefined) return content.decoded as Item
  const kind = mediaKindOf(content.essence)
  const decoder = kind === null ? null : CONTENT_DECODERS[kind]
  const decoded = decoder?.(content) ?? content.text
  content.decoded = decoded
  return decoded
}

/**
 * F-VAR-13: the decoded form of the request body `$body`: only JSON media types are decoded; XML,
 * HTML, JSON that does not parse and everything else is the text. Caches in `content.decoded` like
 * `decodeContent`, so use it only for the body's own content object.
 */
export function decodeBodyContent(content: Content): Item {
  if (content.decoded !== undefined) return content.decoded as Item
  const decoded =
    (mediaKindOf(content.essence) === 'json' ? CONTENT_DECODERS.json?.(content) : undefined) ?? content.text
  content.decoded = decoded
  return decoded
}
