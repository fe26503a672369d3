/**
 * Evaluating compiled expressions (xpath-functions.md XP-LANG-4, XP-EBV-1, XP-CONV-1; flows.md
 * F-EXPR-2, F-EXPR-3, F-EXPR-5): the fast path when there is one (falling back to the engine for input
 * it leaves alone), else the engine; XPath dynamic errors become the action's run-time failure 5001
 * with `<CODE>: <message>`.
 */
// registers the extension functions and internal helpers with the engine before anything is evaluated
import './engine/register.js'

import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError, RaisedError } from '../errors/index.js'
import { effectiveBooleanValue, toXPathString } from '../oxn/index.js'
import type { Item, Sequence } from '../values/item.js'
import type { CompiledExpression } from './compiled-expression.js'
import { evaluateEngineText } from './engine/evaluate-engine.js'
import { describeXPathError, FAST_PATH_BAILOUT } from './errors.js'
import { defaultFocus, type VariableScope, variableValue } from './scope.js'
import { toSequence, type Value } from './value.js'

/** The value of `expr` as a sequence. */
export function evaluate(ctx: FlowContext, expr: CompiledExpression, focus?: Item, scope?: VariableScope): Sequence {
  return toSequence(evaluateValue(ctx, expr, focus, scope))
}

/** XP-EBV-1: the truth of a condition (`test`, `if`). */
export function evaluateBoolean(
  ctx: FlowContext,
  expr: CompiledExpression,
  focus?: Item,
  scope?: VariableScope,
): boolean {
  const value = evaluateValue(ctx, expr, focus, scope)
  try {
    return effectiveBooleanValue(value)
  } catch (error) {
    throw failure(ctx, expr, error)
  }
}

/** XP-CONV-1: the string of the value (dynamic attribute parts, F-EXPR-4). */
export function evaluateString(
  ctx: FlowContext,
  expr: CompiledExpression,
  focus?: Item,
  scope?: VariableScope,
): string {
  const value = evaluateValue(ctx, expr, focus, scope)
  try {
    return toXPathString(value)
  } catch (error) {
    throw failure(ctx, expr, error)
  }
}

/** The engine tier alone, also for expressions with a fast path (tests compare the two). */
export function evaluateWithEngine(
  ctx: FlowContext,
  expr: CompiledExpression,
  focus?: Item,
  scope?: VariableScope,
): Sequence {
  try {
    return engine(ctx, expr, focus, scope)
  } catch (error) {
    throw failure(ctx, expr, error)
  }
}

function evaluateValue(
  ctx: FlowContext,
  expr: CompiledExpression,
  focus: Item | undefined,
  scope: VariableScope | undefined,
): Value {
  if (expr.fast !== null) {
    try {
      return expr.fast(ctx, focus, scope)
    } catch (error) {
      if (error !== FAST_PATH_BAILOUT) throw isXPathError(error) ? failure(ctx, expr, error) : error
    }
  }
  return evaluateWithEngine(ctx, expr, focus, scope)
}

function engine(
  ctx: FlowContext,
  expr: CompiledExpression,
  focus: Item | undefined,
  scope: VariableScope | undefined,
): Sequence {
  // the call context of extension functions (functions/call.ts)
  return evaluateEngineText(
    expr.text,
    expr.variables,
    (name) => variableValue(ctx, scope, name),
    focus ?? defaultFocus(ctx),
    {
      ctx,
      scope,
      at: expr.at,
      action: expr.action,
    },
  )
}

function isXPathError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string'
}

/** F-EXPR-5: the run-time failure (5001) of the evaluating action. */
function failure(ctx: FlowContext, expr: CompiledExpression, error: unknown): RaisedError {
  if (error instanceof RaisedError) return error
  const { code, message } = describeXPathError(error)
  return flowExecutionError(expr.at, expr.action, code === undefined ? message : `${code}: ${message}`, ctx.requestId)
}
