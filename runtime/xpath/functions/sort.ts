/**
 * `sort(array, key = '', descending = false())` (xpath-functions.md FN-sort-1..FN-sort-5): a new OXN
 * array (root `json`) with deep copies of the items, sorted by their keys (sort-key.ts): numbers by
 * value before strings by code points, reversed when descending; items with a missing key last in
 * both directions; stable in both directions. Not an OXN array, or a computed key that does not
 * compile: RW and the empty sequence (a literal key is checked at compile time, XC-9).
 */
import { effectiveBooleanValue, toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence, type XNode } from '../../values/item.js'
import type { Value } from '../value.js'
import { buildArray } from './array.js'
import { type FunctionCall, warn } from './call.js'
import { childElementsOf, oxnArrayOf } from './oxn-array.js'
import { classifyKey, keyResult, type SortKey, sortKeyFor } from './sort-key.js'

function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0
  // UTF-16 order differs from code point order only for surrogates; compare those by code point
  const left = Array.from(a)
  const right = Array.from(b)
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!
  }
  return left.length - right.length
}

/** Ascending order of two present keys: numbers before strings. */
function compareKeys(a: SortKey, b: SortKey): number {
  if (a.kind === 'number' && b.kind === 'number') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0
  if (a.kind === 'number') return -1
  if (b.kind === 'number') return 1
  return compareCodePoints((a as { value: string }).value, (b as { value: string }).value)
}

export function xpSort(call: FunctionCall, value: Value, key?: Value, descending?: Value): Sequence | XNode {
  const array = oxnArrayOf(value)
  if (array === undefined) {
    warn(call, 'sort', 'the argument is not an OXN array')
    return EMPTY
  }
  const keyText = key === undefined ? '' : toXPathString(key)
  const compiled = sortKeyFor(call, keyText)
  if (!compiled.ok) {
    warn(call, 'sort', `invalid key expression "${keyText}": ${compiled.reason}`)
    return EMPTY
  }
  const down = descending !== undefined && effectiveBooleanValue(descending)
  const entries = childElementsOf(array).map((item, index) => ({
    item,
    index,
    key: classifyKey(keyResult(call, compiled.key, item)),
  }))
  entries.sort((a, b) => {
    const aMissing = a.key.kind === 'missing'
    const bMissing = b.key.kind === 'missing'
    if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1
    const order = compareKeys(a.key, b.key)
    return (down ? -order : order) || a.index - b.index
  })
  return buildArray(entries.map((entry) => entry.item))
}
