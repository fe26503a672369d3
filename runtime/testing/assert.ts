/**
 * The `assert` action (actions.md ACT-assert-1 .. ACT-assert-5, ACT-test-1): each assertion's
 * expression is evaluated, its result compared (compare.ts) and recorded for the test file; a failed
 * assertion does not stop the flow. A static body arrives compiled (`assert`); a dynamic one
 * is rendered, checked and its expressions compiled now (`checkAssertionTemplate`), where any problem
 * is an RF before the first assertion runs. Golden files are read relative to the test file.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError } from '../errors/raised-error.js'
import type { CompiledTemplate } from '../template/compiled-template.js'
import { templateJson } from '../template/output.js'
import { freeVariables } from '../xpath/ast/free-variables.js'
import { parseExpressionText } from '../xpath/ast/parse.js'
import { printXPath } from '../xpath/ast/print.js'
import { rewriteExpression } from '../xpath/ast/rewrite.js'
import { checkFunctionCalls } from '../xpath/check-functions.js'
import { type CompiledExpression, EngineExpression } from '../xpath/compiled-expression.js'
import { evaluate } from '../xpath/evaluate.js'
import { checkAssertionList, type Expected } from './assertion-spec.js'
import { actualOf, compare, type GoldenReader } from './compare.js'
import { currentTestRun, type TestRun } from './test-run.js'

const ACTION = 'assert'

/** One assertion of a static body, as generated code hoists it. */
export interface Assertion {
  readonly expression: CompiledExpression
  readonly expected: Expected
  /** The message printed for a failure; null: the expression is printed. */
  readonly message: string | null
}

/** Runs the assertions of a static body; `dir` is the test file's site-relative directory. */
export function assert(ctx: FlowContext, at: string, dir: string, assertions: readonly Assertion[]): void {
  const run = currentTestRun(ctx, at, ACTION)
  for (const assertion of assertions) runAssertion(ctx, run, dir, assertion)
}

/** Runs a dynamic body: its output must be an assertion list whose expressions compile (RF otherwise). */
export function checkAssertionTemplate(ctx: FlowContext, at: string, dir: string, template: CompiledTemplate): void {
  const run = currentTestRun(ctx, at, ACTION)
  const checked = checkAssertionList(templateJson(ctx, template))
  if (!checked.ok) throw flowExecutionError(at, ACTION, checked.problem.message, ctx.requestId)
  const assertions = checked.assertions.map((spec, index) => {
    const expression = compileExpression(spec.expression, at)
    if (typeof expression === 'string')
      throw flowExecutionError(at, ACTION, `invalid expression in assertion ${index + 1}: ${expression}`, ctx.requestId)
    return { expression, expected: spec.expected, message: spec.message }
  })
  for (const assertion of assertions) runAssertion(ctx, run, dir, assertion)
}

/** An expression compiled at run time with the compiler's checks (XC-1, XC-2); a string says why not. */
function compileExpression(source: string, at: string): CompiledExpression | string {
  const parsed = parseExpressionText(source)
  if (!parsed.ok) return parsed.reason
  const problems = checkFunctionCalls(parsed.ast)
  if (problems.length > 0) return problems[0]!.message
  return new EngineExpression({
    source,
    at,
    action: ACTION,
    text: printXPath(rewriteExpression(parsed.ast)),
    variables: freeVariables(parsed.ast),
  })
}

function runAssertion(ctx: FlowContext, run: TestRun, dir: string, assertion: Assertion): void {
  const result = evaluate(ctx, assertion.expression)
  const comparison = compare(actualOf(result), assertion.expected, goldenReader(ctx.gateway.siteRoot, dir))
  const expression = assertion.expression
  run.recordAssertion(
    { expression: expression.source.trim(), message: assertion.message, at: expression.at },
    comparison,
  )
}

function goldenReader(siteRoot: string, dir: string): GoldenReader {
  return (file) => {
    try {
      return readFileSync(resolve(siteRoot, dir, file), 'utf8')
    } catch {
      return undefined
    }
  }
}
