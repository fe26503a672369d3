/**
 * Operators and standard functions of the fast path: general comparisons (XP-CMP), arithmetic
 * (XP-AR), effective boolean value inside expressions (XP-EBV-2: `and`, `or`, `not()`, `boolean()`)
 * and `count()`. The gateway versions of `string()`, `concat()` & co are runtime/xpath/functions.
 */
import { arithmetic, type ArithmeticOperator, unaryArithmetic } from '../arithmetic.js'
import { type ComparisonOperator, generalCompare } from '../compare.js'
import { effectiveBoolean } from '../ebv.js'
import { lengthOf, type Value } from '../value.js'
import type { FastEvaluator } from './types.js'

/** `A op B` for `=`, `!=`, `<`, `<=`, `>`, `>=`. */
export function xpCompare(op: ComparisonOperator, left: Value, right: Value): boolean {
  return generalCompare(op, left, right)
}

/** `A op B` for `+`, `-`, `*`, `div`, `idiv`, `mod`. */
export function xpArithmetic(op: ArithmeticOperator, left: Value, right: Value): Value {
  return arithmetic(op, left, right)
}

/** `-E` */
export function xpNegate(operand: Value): Value {
  return unaryArithmetic(true, operand)
}

/** `+E` */
export function xpPlus(operand: Value): Value {
  return unaryArithmetic(false, operand)
}

/** Effective boolean value (XP-EBV-2); FORG0006 for several atomic values. */
export function xpBoolean(value: Value): boolean {
  return effectiveBoolean(value)
}

/** `count(E)` */
export function xpCount(value: Value): number {
  return lengthOf(value)
}

/** Marks a generated predicate function (identity; gives it the FastEvaluator type at module level). */
export function xpPredicate(predicate: FastEvaluator): FastEvaluator {
  return predicate
}
