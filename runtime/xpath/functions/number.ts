/** `number([x])` (xpath-functions.md XP-STR-1, XP-CONV-2): NaN for the empty sequence and for text that is no xs:double literal. */
import { toXPathNumber } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpNumber(value: Value): number {
  return toXPathNumber(value)
}
