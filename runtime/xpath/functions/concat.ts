/** `concat(a, b, …)` (xpath-functions.md XP-STR-1): each argument's first item by XP-CONV-1, joined. */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpConcat(...values: Value[]): string {
  let text = ''
  for (const value of values) text += toXPathString(value)
  return text
}
