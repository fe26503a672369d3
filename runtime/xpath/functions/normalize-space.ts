/** `normalize-space([s])` (xpath-functions.md XP-STR-1): XML white space (space, tab, CR, LF) trimmed and collapsed to one space. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpNormalizeSpace(value: Value): string {
  return toXPathString(value)
    .replace(/[ \t\r\n]+/g, ' ')
    .replace(/^ | $/g, '')
}
