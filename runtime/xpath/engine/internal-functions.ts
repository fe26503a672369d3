/**
 * The JavaScript helpers of the rewrite (prefix `svcx`, xpath-functions.md section 12): general
 * comparisons (XP-CMP, operands as `array{E}` so attribute nodes get through), the arithmetic operand
 * (XP-AR-2: numbers kept, booleans 1/0, nodes and strings by XP-CONV-2, dates and durations passed on
 * for XPath 3.1 arithmetic) and division (XP-AR-3: by zero INF, -INF or NaN).
 */
import { toXPathNumber } from '../../oxn/index.js'
import { EngineValue, type Item, XPathArray, XPathMap } from '../../values/item.js'
import { type ComparisonOperator, generalCompare } from '../compare.js'
import { XPathDynamicError } from '../errors.js'
import { fromEngine, fromEngineSequence } from './values.js'

export const COMPARISON_HELPERS: ReadonlyMap<string, ComparisonOperator> = new Map([
  ['eq', '='],
  ['ne', '!='],
  ['lt', '<'],
  ['le', '<='],
  ['gt', '>'],
  ['ge', '>='],
])

/** `svcx:eq(array{A}, array{B})` … */
export function compareMembers(op: ComparisonOperator, left: readonly unknown[], right: readonly unknown[]): boolean {
  return generalCompare(op, left.map(fromEngineSequence).flat(), right.map(fromEngineSequence).flat())
}

/** `svcx:num(item)`: a number, nothing, or the engine's own date or duration value. */
export function arithmeticOperandValue(value: unknown): unknown {
  const item = fromEngine(value)
  if (item === undefined) return null
  return convert(item, value)
}

function convert(item: Item, original: unknown): unknown {
  if (item instanceof XPathArray) {
    const first = item.members[0]?.[0]
    return first === undefined ? null : convert(first, (original as unknown[])[0])
  }
  if (item instanceof XPathMap) throw new XPathDynamicError('XPTY0004', 'a map cannot be used in arithmetic')
  if (item instanceof EngineValue) {
    if (item.typeName.startsWith('function'))
      throw new XPathDynamicError('XPTY0004', 'a function item cannot be used in arithmetic')
    return item.value
  }
  return toXPathNumber(item)
}

/** `svcx:div(a, b)`: XP-AR-3 division of numbers. */
export function divide(left: unknown, right: unknown): number | null {
  const a = arithmeticOperandValue(left)
  const b = arithmeticOperandValue(right)
  if (a === null || b === null) return null
  if (typeof a !== 'number' || typeof b !== 'number')
    throw new XPathDynamicError('XPTY0004', 'only numbers can be divided here')
  return a / b
}
