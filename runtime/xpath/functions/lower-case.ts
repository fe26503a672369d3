/**
 * `lower-case(s)` (xpath-functions.md XP-STR-1) and `tolower(s?)` (FN-tolower-1, FN-tolower-2): the
 * locale-independent Unicode lower-case mapping; numbers and booleans by XP-CONV-1.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpLowerCase(value: Value): string {
  return toXPathString(value).toLowerCase()
}
