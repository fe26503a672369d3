/** `base64-encode(s)` (xpath-functions.md FN-base64-encode-1, BIN-1): standard Base64, padded, no line breaks, of the bytes of `s`. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { encodeBase64 } from './base64.js'
import { bytesOf } from './binary.js'
import type { FunctionCall } from './call.js'

export function xpBase64Encode(call: FunctionCall, value: Value): string {
  return encodeBase64(bytesOf(call, toXPathString(value)))
}
