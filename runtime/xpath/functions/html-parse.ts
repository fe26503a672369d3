/**
 * `html-parse(html)` (xpath-functions.md FN-html-parse-1; oxn.md OXN-X3): the document node of the
 * text parsed with the HTML5 algorithm (lower-case names, no namespace, always `html`, `head` and
 * `body`). Never fails; "" gives a document with empty `head` and `body`.
 */
import { parseHtmlText, toXPathString } from '../../oxn/index.js'
import type { XNode } from '../../values/item.js'
import type { Value } from '../value.js'

export function xpHtmlParse(html: Value): XNode {
  return parseHtmlText(toXPathString(html))
}
