/**
 * `round(n)`, `floor(n)`, `ceiling(n)` (xpath-functions.md XP-STR-1): XP-CONV-2 of the first item,
 * then rounded; `round` takes halves towards positive infinity (`round(-2.5)` is -2). The empty
 * sequence gives the empty sequence, as in XPath.
 */
import { toXPathNumber } from '../../oxn/index.js'
import { EMPTY, lengthOf, type Value } from '../value.js'

export function xpRound(value: Value): number | typeof EMPTY {
  return lengthOf(value) === 0 ? EMPTY : Math.round(toXPathNumber(value))
}

export function xpFloor(value: Value): number | typeof EMPTY {
  return lengthOf(value) === 0 ? EMPTY : Math.floor(toXPathNumber(value))
}

export function xpCeiling(value: Value): number | typeof EMPTY {
  return lengthOf(value) === 0 ? EMPTY : Math.ceil(toXPathNumber(value))
}
