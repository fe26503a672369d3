/**
 * `svc-document(url)` (xpath-functions.md FN-svc-document-1, FN-svc-document-2; LOC-1, LOC-2): the
 * document at an `svc://` URL. Content locations decode as `content()` does; site files by the media
 * type of their extension (operations.md FS3: `.json` JSON, `.xml`/`.xsl`/`.svg` XML, `.html`/`.htm`
 * HTML). Anything that does not give a document node (other file types, missing files, parse
 * errors, scalar content) is the empty sequence; a URL that is not `svc://` and a parse error are RWs.
 */
import { decodeContent, mediaKindOf, toXPathString } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EMPTY, isNode, type Item, type Sequence } from '../../values/item.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { contentItem } from './content.js'
import { leavesSiteRoot, parseFunctionLocation, readFunctionLocation } from './locations.js'

function isDocument(item: Item | undefined): boolean {
  return item !== undefined && isNode(item) && item.nodeType === 9
}

export function xpSvcDocument(call: FunctionCall, url: Value): Item | Sequence {
  const text = toXPathString(url)
  const parsed = parseFunctionLocation(call, text, true)
  if (!parsed.ok) {
    if (!leavesSiteRoot(parsed.reason)) warn(call, 'svc-document', parsed.reason)
    return EMPTY
  }
  const value = readFunctionLocation(call, parsed.location)
  if (parsed.location.kind !== 'file') {
    const item = contentItem(value)
    return item !== undefined && isDocument(item) ? item : EMPTY
  }
  const content = value?.[0]
  if (!(content instanceof Content) || mediaKindOf(content.essence) === null) return EMPTY
  const decoded = decodeContent(content)
  if (isDocument(decoded)) return decoded
  warn(call, 'svc-document', `${text} does not parse as ${mediaKindOf(content.essence)!.toUpperCase()}`)
  return EMPTY
}
