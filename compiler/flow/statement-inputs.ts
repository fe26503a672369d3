/**
 * What the statements of a flow body read, from the ACTIONS registry: every statement in document
 * order (nested blocks included), the parts of one statement that its run reads (the `if` or `test`
 * expressions, then the action entry's `inputs`), the expressions of such a part, and the locations
 * named in its run-time data. The checks (compiler/validate/walk.ts) and the read analysis
 * (flow-reads.ts) walk these, so no action can be left out of either.
 */
import type { ActionInput, StatementNode } from '../ir/statements.js'
import type { XPathNode } from '../ir/xpath.js'
import { actionDataLocations, actionInputs, type DataLocations } from './actions/index.js'
import { templateExpressions } from './template-expressions.js'

/** Calls `visit` for each statement, parents before the statements of their blocks. */
export function forEachStatement(
  statements: readonly StatementNode[],
  visit: (statement: StatementNode) => void,
): void {
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
