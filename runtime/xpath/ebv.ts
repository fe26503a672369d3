/**
 * Effective boolean value inside expressions (xpath-functions.md XP-EBV-2): XPath 3.1's rule for
 * `not()`, `boolean()`, `and`, `or` and predicates of the fast path. A sequence whose first item is a
 * node is true; a single boolean, string or number by its value; anything else is FORG0006.
 * Conditions (`test`, `if`) use XP-EBV-1 instead (runtime/oxn effectiveBooleanValue).
 */
import { decodeContent } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { isNode, type Item, type Sequence } from '../values/item.js'
import { XPathDynamicError } from './errors.js'
import type { Value } from './value.js'

export function effectiveBoolean(value: Value): boolean {
  if (Array.isArray(value)) {
    const sequence = value as Sequence
    if (sequence.length === 0) return false
    const first = decoded(sequence[0]!)
    if (isNode(first)) return true
    if (sequence.length > 1) throw ebvError('a sequence of two or more atomic values')
    return single(first)
  }
  const item = decoded(value as Item)
  return isNode(item) ? true : single(item)
}

function decoded(item: Item): Item {
  return item instanceof Content ? decodeContent(item) : item
}

function single(item: Item): boolean {
  switch (typeof item) {
    case 'boolean':
      return item
    case 'string':
      return item !== ''
    case 'number':
      return item !== 0 && item === item
    default:
      // objects and the rest: after the switch
      break
  }
  throw ebvError('a map, array, function item or typed value')
}

function ebvError(what: string): XPathDynamicError {
  return new XPathDynamicError('FORG0006', `cannot determine the effective boolean value of ${what}`)
}
