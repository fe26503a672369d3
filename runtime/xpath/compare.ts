/**
 * General comparisons (xpath-functions.md XP-CMP-1..7, oxn.md OXN-T1, OXN-T4, OXN-U7): both
 * operands become lists of comparison values (XP-CMP-2), and the result is true when some pair
 * compares true (XP-CMP-3) by the boolean, number, string or typed-value rule (XP-CMP-4..7). Shared
 * by the fast path and the engine's `svcx:eq` … `svcx:ge`.
 */
import {
  contentOfDocument,
  decodeContent,
  isTrueText,
  parseXPathDouble,
  stringValue,
  typeOfNode,
} from '../oxn/index.js'
import { Content } from '../values/content.js'
import { EngineValue, isNode, type Item, XPathArray, XPathMap } from '../values/item.js'
import { compareCodePoints } from './code-points.js'
import { XPathDynamicError } from './errors.js'
import { compareTyped, parseTypedText, type TypedValue, typedValueOf } from './typed-compare.js'
import type { Value } from './value.js'

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>='

type ComparisonValue = string | number | boolean | TypedValue

/** `left op right` by XP-CMP-3..7. */
export function generalCompare(op: ComparisonOperator, left: Value, right: Value): boolean {
  const a: ComparisonValue[] = []
  const b: ComparisonValue[] = []
  collect(left, a)
  collect(right, b)
  for (const x of a) for (const y of b) if (comparePair(op, x, y)) return true
  return false
}

/** XP-CMP-2: the comparison values of a value. */
function collect(value: Value, out: ComparisonValue[]): void {
  if (Array.isArray(value)) {
    for (const item of value as readonly Item[]) collectItem(item, out)
  } else collectItem(value as Item, out)
}

function collectItem(item: Item, out: ComparisonValue[]): void {
  switch (typeof item) {
    case 'string':
    case 'number':
    case 'boolean':
      out.push(item)
      return
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof Content) return collectItem(decodeContent(item), out)
  if (item instanceof XPathArray) {
    for (const member of item.members) collect(member, out)
    return
  }
  if (item instanceof XPathMap) throw new XPathDynamicError('XPTY0004', 'a map cannot be compared')
  if (item instanceof EngineValue) {
    if (item.typeName.startsWith('function'))
      throw new XPathDynamicError('XPTY0004', 'a function item cannot be compared')
    out.push(typedValueOf(item))
    return
  }
  if (isNode(item)) {
    const type = typeOfNode(item)
    if (type === 'number') out.push(parseXPathDouble(stringValue(item)))
    else if (type === 'boolean') out.push(isTrueText(stringValue(item)))
    else {
      const content = contentOfDocument(item)
      out.push(content !== undefined ? content.text : stringValue(item))
    }
  }
}

/** XP-CMP-4: a value as a boolean. */
function asBoolean(value: ComparisonValue): boolean {
  switch (typeof value) {
    case 'boolean':
      return value
    case 'number':
      return value !== 0 && value === value
    case 'string':
      return value !== '' && value !== 'false' && value !== '0'
    default:
      return true
  }
}

/** XP-CMP-6: a value as a number (XP-CONV-2). */
function asNumber(value: ComparisonValue): number {
  switch (typeof value) {
    case 'number':
      return value
    case 'boolean':
      return value ? 1 : 0
    case 'string':
      return parseXPathDouble(value)
    default:
      return parseXPathDouble(value.text)
  }
}

function order(op: ComparisonOperator, c: number): boolean {
  // c is -1, 0, 1, or NaN for unordered values (false for every operator but !=)
  switch (op) {
    case '=':
      return c === 0
    case '!=':
      return c !== 0
    case '<':
      return c < 0
    case '<=':
      return c <= 0
    case '>':
      return c > 0
    case '>=':
      return c >= 0
  }
}

function compareNumbers(x: number, y: number): number {
  if (x !== x || y !== y) return NaN
  return x < y ? -1 : x > y ? 1 : 0
}

function comparePair(op: ComparisonOperator, x: ComparisonValue, y: ComparisonValue): boolean {
  if (typeof x === 'boolean' || typeof y === 'boolean') {
    const a = asBoolean(x)
    const b = asBoolean(y)
    return order(op, a === b ? 0 : a ? 1 : -1)
  }
  if (typeof x === 'number' || typeof y === 'number') return order(op, compareNumbers(asNumber(x), asNumber(y)))
  if (typeof x === 'string' && typeof y === 'string') {
    if (op === '=') return x === y
    if (op === '!=') return x !== y
    const a = parseXPathDouble(x)
    const b = parseXPathDouble(y)
    if (a === a && b === b) return order(op, compareNumbers(a, b))
    return order(op, compareCodePoints(x, y))
  }
  // XP-CMP-7: typed values; a string is cast to the other's type first, a failed cast is false
  const a = typeof x === 'string' ? parseTypedText(x, y as TypedValue) : x
  const b = typeof y === 'string' ? parseTypedText(y, x as TypedValue) : y
  if (a === undefined || b === undefined) return false
  const c = compareTyped(a as TypedValue, b as TypedValue)
  return c !== null && order(op, c)
}
