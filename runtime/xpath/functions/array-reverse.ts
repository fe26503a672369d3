/**
 * `array-reverse(array)` (xpath-functions.md FN-array-reverse-1, FN-array-reverse-2): a new OXN array
 * (root `json`) with deep copies of the items in reverse order. Not an OXN array: RW and the empty
 * sequence.
 */
import { EMPTY, type Sequence, type XNode } from '../../values/item.js'
import type { Value } from '../value.js'
import { buildArray } from './array.js'
import { type FunctionCall, warn } from './call.js'
import { childElementsOf, oxnArrayOf } from './oxn-array.js'

export function xpArrayReverse(call: FunctionCall, value: Value): Sequence | XNode {
  const array = oxnArrayOf(value)
  if (array === undefined) {
    warn(call, 'array-reverse', 'the argument is not an OXN array')
    return EMPTY
  }
  return buildArray(childElementsOf(array).reverse())
}
