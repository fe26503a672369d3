/**
 * `substring(s, start[, length])` (xpath-functions.md XP-STR-1): the characters (code points) at
 * positions p with round(start) <= p < round(start) + round(length), counted from 1; NaN bounds
 * select nothing, infinite ones behave as in XPath (`substring('12345', -42, 1 div 0)` is `12345`).
 */
import { toXPathNumber, toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpSubstring(source: Value, start: Value, length?: Value): string {
  const text = toXPathString(source)
  const first = Math.round(toXPathNumber(start))
  const end = length === undefined ? Infinity : first + Math.round(toXPathNumber(length))
  let out = ''
  let position = 1
  for (const char of text) {
    if (position >= first && position < end) out += char
    position++
  }
  return out
}
