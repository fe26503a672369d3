/**
 * `json-to-xml(json)` (xpath-functions.md FN-json-to-xml-1, FN-json-to-xml-2): decodes like
 * `json-parse()` but returns the document node of the new tree (`json-to-xml('{"a":1}')/json/a`).
 * Invalid JSON: RW and the empty sequence.
 */
import { type OxnDocument, toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import type { Value } from '../value.js'
import type { FunctionCall } from './call.js'
import { decodeJsonArgument } from './json-parse.js'

export function xpJsonToXml(call: FunctionCall, json: Value): Sequence | OxnDocument {
  return decodeJsonArgument(call, 'json-to-xml', toXPathString(json)) ?? EMPTY
}
