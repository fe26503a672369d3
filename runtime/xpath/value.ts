/**
 * `Value`: what the fast path and the function implementations pass around, either one item or a
 * sequence (a JavaScript array). No item is a JavaScript array (XPath arrays are XPathArray objects),
 * so the two never mix up; a single item needs no array allocation.
 */
import { EMPTY, type Item, type Sequence } from '../values/item.js'

export type Value = Item | Sequence

export function isSequence(value: Value): value is Sequence {
  return Array.isArray(value)
}

/** The value as a sequence. */
export function toSequence(value: Value): Sequence {
  return Array.isArray(value) ? (value as Sequence) : [value as Item]
}

/** The first item, or undefined for the empty sequence. */
export function firstOf(value: Value): Item | undefined {
  return Array.isArray(value) ? (value as Sequence)[0] : (value as Item)
}

export function lengthOf(value: Value): number {
  return Array.isArray(value) ? value.length : 1
}

export { EMPTY }
