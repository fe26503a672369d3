/** `string([x])` (xpath-functions.md XP-STR-1, XP-CONV-1, XP-NUM-1): the first item's string; a content document gives the content's text. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpString(value: Value): string {
  return toXPathString(value)
}
