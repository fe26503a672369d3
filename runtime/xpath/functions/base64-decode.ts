/**
 * `base64-decode(s, strict = false())` (xpath-functions.md FN-base64-decode-1..3, BIN-2): lenient
 * decoding by default; in strict mode text that is not padded standard Base64 (ASCII whitespace
 * ignored) gives `false()`. The bytes become a string by BIN-2.
 */
import { effectiveBooleanValue, toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { decodeBase64Lenient, decodeBase64Strict } from './base64.js'
import { stringOfBytes } from './binary.js'
import type { FunctionCall } from './call.js'

export function xpBase64Decode(call: FunctionCall, value: Value, strict?: Value): string | boolean {
  const text = toXPathString(value)
  if (strict !== undefined && effectiveBooleanValue(strict)) {
    const bytes = decodeBase64Strict(text)
    return bytes === undefined ? false : stringOfBytes(call, bytes)
  }
  return stringOfBytes(call, decodeBase64Lenient(text))
}
