/**
 * Function checks of one expression (xpath-functions.md XC-2, XC-3, XC-10): the runtime's checks
 * (shared with computed sort keys) reported as diagnostics at the expression's first non-whitespace
 * character (flows.md F-DOC-9), unknown names with up to three suggestions.
 */
import type { XqxNode } from '../../runtime/xpath/ast/xqx-node.js'
import { checkFunctionCalls } from '../../runtime/xpath/check-functions.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { suggest, type Suggestions } from '../diagnostics/did-you-mean.js'
import type { Loc } from '../diagnostics/source.js'

/** Reports every problem; returns whether there was none. */
export function checkFunctions(ast: XqxNode, loc: Loc, bag: DiagnosticBag): boolean {
  const problems = checkFunctionCalls(ast)
  for (const problem of problems) {
    const hint: Suggestions = problem.unknown
      ? suggest(problem.unknown.name, problem.unknown.candidates, (name) => `${name}()`)
      : { names: [], suffix: '' }
    bag.error(problem.code, loc, problem.message + hint.suffix, undefined, hint.names)
  }
  return problems.length === 0
}
