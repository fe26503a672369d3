/**
 * `urldecode(s)` and its alias `url-decode(s)` (xpath-functions.md FN-urldecode-1, XP-NAME-5, BIN-2):
 * `%` and two hex digits (either case) become that byte, everything else stays (`+` too, and a `%`
 * without two hex digits); the bytes become a string by BIN-2.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf, stringOfBytes } from './binary.js'
import type { FunctionCall } from './call.js'
import { percentDecode } from './url-codec.js'

export function xpUrldecode(call: FunctionCall, value: Value): string {
  return stringOfBytes(call, percentDecode(bytesOf(call, toXPathString(value))))
}
