/**
 * Walking flow IR for the checks: every statement (nested blocks included) and every expression,
 * in document order. The expressions of an action are those of its ACTIONS entry's `inputs`, so no
 * action can be left out here.
 */
import { actionDataLocations, actionInputs, type DataLocations } from '../flow/actions/index.js'
import type { ActionInput, StatementNode } from '../ir/statements.js'
import type { XPathNode } from '../ir/xpath.js'
import { templateExpressions } from './template-expressions.js'

/** Calls `visit` for each statement, parents before the statements of their blocks. */
export function forEachStatement(statements: readonly StatementNode[], visit: (statement: StatementNode) => void): void {
  for (const statement of statements) {
    visit(statement)
    if (statement.kind === 'if') {
      for (const branch of statement.branches) forEachStatement(branch.body, visit)
      if (statement.otherwise) forEachStatement(statement.otherwise.body, visit)
    } else if (statement.kind === 'backend-flow') forEachStatement(statement.body, visit)
  }
}

/** The parts of one statement that its run reads (not those of nested blocks), in document order. */
export function inputsOf(statement: StatementNode): ActionInput[] {
  switch (statement.kind) {
    case 'if':
      return statement.branches.map((branch) => branch.test)
    case 'break':
    case 'return':
    case 'backend-flow':
      return [statement.condition]
    default:
      return actionInputs(statement)
  }
}

/** Locations named in the run-time data of one statement (request configurations). */
export function dataLocationsOf(statement: StatementNode): DataLocations {
  switch (statement.kind) {
    case 'if':
    case 'break':
    case 'return':
    case 'backend-flow':
      return []
    default:
      return actionDataLocations(statement)
  }
}

/** The expressions of one input part, in document order. */
export function expressionsOfInput(input: ActionInput): XPathNode[] {
  if (input === null) return []
  switch (input.kind) {
    case 'xpath':
      return [input]
    case 'text':
      return input.parts.filter((part): part is XPathNode => typeof part !== 'string')
    case 'template':
      return templateExpressions(input)
    case 'dynamic':
      return expressionsOfInput(input.value)
    default:
      return []
  }
}

/** Expressions written directly on one statement (not those of nested blocks), in document order. */
export function expressionsOf(statement: StatementNode): XPathNode[] {
  return inputsOf(statement).flatMap(expressionsOfInput)
}

/** Every expression of a flow body, in document order. */
export function forEachExpression(statements: readonly StatementNode[], visit: (expr: XPathNode, statement: StatementNode) => void): void {
  forEachStatement(statements, (statement) => {
    for (const expr of expressionsOf(statement)) visit(expr, statement)
  })
}
