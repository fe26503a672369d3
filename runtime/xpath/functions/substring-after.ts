/** `substring-after(s, t)` (xpath-functions.md XP-STR-1): all of `s` when `t` is empty, "" when `t` is absent. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpSubstringAfter(source: Value, part: Value): string {
  const text = toXPathString(source)
  const search = toXPathString(part)
  if (search === '') return text
  const at = text.indexOf(search)
  return at < 0 ? '' : text.slice(at + search.length)
}
