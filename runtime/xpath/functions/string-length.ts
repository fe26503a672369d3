/** `string-length([s])` (xpath-functions.md XP-STR-1): the number of characters (code points). */
import { toXPathString } from '../../oxn/index.js'
import { codePointLength } from '../code-points.js'
import type { Value } from '../value.js'

export function xpStringLength(value: Value): number {
  return codePointLength(toXPathString(value))
}
