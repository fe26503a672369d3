/** `contains(s, t)` (xpath-functions.md XP-STR-1): code point containment; an empty `t` is contained everywhere. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpContains(source: Value, part: Value): boolean {
  return toXPathString(source).includes(toXPathString(part))
}
