/**
 * Arithmetic of the fast path (xpath-functions.md XP-AR-1..4): an empty operand gives the empty
 * sequence; otherwise the first item, numbers kept, booleans 1/0, nodes and strings by XP-CONV-2
 * (NaN, never an error); `div` by zero gives INF, -INF or NaN, `idiv` and `mod` by zero NaN, `idiv`
 * of NaN or an infinite dividend NaN (XP-AR-3). The engine applies the same rules through the
 * rewrite (`svcx:num`, `svcx:div` …); typed values (dates, durations) are left to the engine.
 */
import { decodeContent, toXPathNumber } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { EMPTY, EngineValue, type Item, XPathArray, XPathMap } from '../values/item.js'
import { FAST_PATH_BAILOUT, XPathDynamicError } from './errors.js'
import { firstOf, type Value } from './value.js'

export type ArithmeticOperator = '+' | '-' | '*' | 'div' | 'idiv' | 'mod'

/** XP-AR-2: the number an operand stands for, or undefined when it is empty. */
export function arithmeticOperand(value: Value): number | undefined {
  const item = firstOf(value)
  if (item === undefined) return undefined
  return operandItem(item)
}

function operandItem(item: Item): number | undefined {
  switch (typeof item) {
    case 'number':
      return item
    case 'boolean':
      return item ? 1 : 0
    case 'string':
      return toXPathNumber(item)
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof Content) return operandItem(decodeContent(item))
  if (item instanceof XPathArray) {
    const member = item.members[0]
    return member === undefined ? undefined : arithmeticOperand(member)
  }
  if (item instanceof XPathMap) throw new XPathDynamicError('XPTY0004', 'a map cannot be used in arithmetic')
  // dates, durations and function items follow XPath 3.1: the engine decides
  if (item instanceof EngineValue) throw FAST_PATH_BAILOUT
  return toXPathNumber(item)
}

/** `left op right`: a number, or the empty sequence. */
export function arithmetic(op: ArithmeticOperator, left: Value, right: Value): number | typeof EMPTY {
  const a = arithmeticOperand(left)
  const b = arithmeticOperand(right)
  if (a === undefined || b === undefined) return EMPTY
  switch (op) {
    case '+':
      return a + b
    case '-':
      return a - b
    case '*':
      return a * b
    case 'div':
      return a / b
    case 'idiv':
      if (b === 0 || a !== a || b !== b || a === Infinity || a === -Infinity) return NaN
      return Math.trunc(a / b) + 0
    case 'mod':
      return b === 0 ? NaN : a % b
  }
}

/** Unary minus (`-E`) and plus (`+E`). */
export function unaryArithmetic(negate: boolean, operand: Value): number | typeof EMPTY {
  const a = arithmeticOperand(operand)
  if (a === undefined) return EMPTY
  return negate ? -a : a
}
