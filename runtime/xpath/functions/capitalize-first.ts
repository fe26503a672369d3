/**
 * `capitalize-first(s)` (xpath-functions.md FN-capitalize-first-1): a lower-case first letter (Unicode
 * category Ll) is replaced by its upper-case mapping, which may be longer (`ß` -> `SS`); nothing else
 * changes.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

const LOWER_CASE_LETTER = /^\p{Ll}/u

export function xpCapitalizeFirst(value: Value): string {
  const text = toXPathString(value)
  const first = LOWER_CASE_LETTER.exec(text)
  return first === null ? text : first[0].toUpperCase() + text.slice(first[0].length)
}
