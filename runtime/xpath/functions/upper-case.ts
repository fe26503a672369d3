/**
 * `upper-case(s)` (xpath-functions.md XP-STR-1) and `toupper(s?)` (FN-toupper-1, FN-toupper-2): the
 * locale-independent Unicode upper-case mapping (`ß` becomes `SS`); numbers and booleans by XP-CONV-1.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpUpperCase(value: Value): string {
  return toXPathString(value).toUpperCase()
}
