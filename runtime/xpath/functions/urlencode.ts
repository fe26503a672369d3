/**
 * `urlencode(s)` and its alias `url-encode(s)` (xpath-functions.md FN-urlencode-1, XP-NAME-5, BIN-1):
 * every byte except `A–Z a–z 0–9 - _ . ~` as `%XX` with upper-case hex (a space is `%20`).
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import type { FunctionCall } from './call.js'
import { percentEncode } from './url-codec.js'

export function xpUrlencode(call: FunctionCall, value: Value): string {
  return percentEncode(bytesOf(call, toXPathString(value)))
}
