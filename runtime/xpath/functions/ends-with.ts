/** `ends-with(s, t)` (xpath-functions.md FN-ends-with-1, XP-STR-1): an empty suffix gives true. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpEndsWith(source: Value, suffix: Value): boolean {
  return toXPathString(source).endsWith(toXPathString(suffix))
}
