/**
 * `translate(s, from, to)` (xpath-functions.md XP-STR-1): each character of `s` found in `from` is
 * replaced by the character at the same position in `to`, or removed when `to` is shorter; the first
 * occurrence in `from` counts. Characters are code points.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpTranslate(source: Value, from: Value, to: Value): string {
  const map = Array.from(toXPathString(from))
  const replacements = Array.from(toXPathString(to))
  let out = ''
  for (const char of toXPathString(source)) {
    const at = map.indexOf(char)
    if (at < 0) out += char
    else if (at < replacements.length) out += replacements[at]
  }
  return out
}
