/** `substring-before(s, t)` (xpath-functions.md XP-STR-1): "" when `t` is empty or absent from `s`. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpSubstringBefore(source: Value, part: Value): string {
  const text = toXPathString(source)
  const search = toXPathString(part)
  const at = search === '' ? -1 : text.indexOf(search)
  return at < 0 ? '' : text.slice(0, at)
}
