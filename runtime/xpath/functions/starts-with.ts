/** `starts-with(s, t)` (xpath-functions.md XP-STR-1). */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpStartsWith(source: Value, prefix: Value): boolean {
  return toXPathString(source).startsWith(toXPathString(prefix))
}
