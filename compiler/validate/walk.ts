/**
 * Walking flow IR for the checks: every statement (nested blocks included) and every expression,
 * in document order. The expressions of an action are those of its ACTIONS entry's `inputs`
 * (compiler/flow/statement-inputs.ts), so no action can be left out here.
 */
import { expressionsOfInput, forEachStatement, inputsOf } from '../flow/statement-inputs.js'
import type { StatementNode } from '../ir/statements.js'
import type { XPathNode } from '../ir/xpath.js'

export { forEachStatement } from '../flow/statement-inputs.js'

/** Expressions written directly on one statement (not those of nested blocks), in document order. */
export function expressionsOf(statement: StatementNode): XPathNode[] {
  return inputsOf(statement).flatMap(expressionsOfInput)
}

/** Every expression of a flow body, in document order. */
export function forEachExpression(
  statements: readonly StatementNode[],
  visit: (expr: XPathNode, statement: StatementNode) => void,
): void {
  forEachStatement(statements, (statement) => {
    for (const expr of expressionsOf(statement)) visit(expr, statement)
  })
}
