/**
 * `xml-parse(xml)` (xpath-functions.md FN-xml-parse-1, FN-xml-parse-2; oxn.md OXN-X1): parses the text
 * as a namespace-aware XML 1.0 document (no DTD processing: an internal subset is refused, external
 * entities never read) and returns its document node. A decoded content value converts to its text
 * (XP-CONV-1), so a file read by `copy` is parsed from its markup. Not well-formed: RW and empty.
 */
import { parseXmlText, toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence, type XNode } from '../../values/item.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'

export function xpXmlParse(call: FunctionCall, xml: Value): Sequence | XNode {
  const parsed = parseXmlText(toXPathString(xml))
  if (parsed.ok) return parsed.document
  warn(call, 'xml-parse', `not well-formed: ${parsed.reason}`)
  return EMPTY
}
