/** `sum(seq)` (xpath-functions.md XP-STR-1): every item by XP-CONV-2 (one non-numeric item makes the sum NaN); the empty sequence gives 0. */
import { toXPathNumber } from '../../oxn/index.js'
import { toSequence, type Value } from '../value.js'

export function xpSum(value: Value): number {
  let total = 0
  for (const item of toSequence(value)) total += toXPathNumber(item)
  return total
}
