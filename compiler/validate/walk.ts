/**
 * Walking flow IR for the checks: every statement (nested blocks included) and every expression,
 * in document order.
 */
import type { LocationNode, StatementNode, TextValue } from '../ir/statements.js'
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

/** Expressions written directly on one statement (not those of nested blocks), in document order. */
export function expressionsOf(statement: StatementNode): XPathNode[] {
  const out: XPathNode[] = []
  const text = (value: TextValue | null) => {
    for (const part of value?.parts ?? []) if (typeof part !== 'string') out.push(part)
  }
  const location = (value: LocationNode) => {
    if (value.kind === 'dynamic') text(value.value)
  }
  switch (statement.kind) {
    case 'if':
      for (const branch of statement.branches) out.push(branch.test)
      return out
    case 'break':
    case 'return':
      if (statement.condition) out.push(statement.condition)
      return out
    default:
      // Every action: the `if` attribute first (F-CTL-6), then its own expressions below.
      if (statement.condition) out.push(statement.condition)
  }
  switch (statement.kind) {
    case 'eval':
      out.push(statement.expr)
      break
    case 'echo':
      text(statement.mime)
      text(statement.status)
      break
    case 'dump':
      location(statement.input)
      text(statement.mime)
      text(statement.status)
      break
    case 'set-status':
      text(statement.code)
      break
    case 'sub-flow':
      break
    case 'template':
      if (statement.input) location(statement.input)
      out.push(...templateExpressions(statement.template))
      break
    case 'set-response-headers':
      location(statement.input)
      text(statement.status)
      out.push(...templateExpressions(statement.template))
      break
    case 'log':
      out.push(...templateExpressions(statement.template))
      break
    case 'request':
      text(statement.content)
      text(statement.url)
      text(statement.method)
      if (statement.template) out.push(...templateExpressions(statement.template))
      break
    case 'requests':
    case 'proxy-request':
      if (statement.template) out.push(...templateExpressions(statement.template))
      break
    case 'error':
      text(statement.status)
      if (statement.template) out.push(...templateExpressions(statement.template))
      break
    case 'copy':
    case 'regex':
    case 'nameshave':
    case 'xslt':
      location(statement.input)
      break
    case 'pass-body':
      text(statement.request)
      text(statement.mime)
      text(statement.status)
      break
    case 'auth':
      for (const user of statement.users) {
        text(user.name)
        text(user.pass)
      }
      break
    case 'debug':
      if (statement.subject.kind === 'xpath') out.push(statement.subject.expr)
      else location(statement.subject.input)
      break
    case 'assert':
      if (statement.assertions) out.push(...statement.assertions.map((assertion) => assertion.expr))
      if (statement.template) out.push(...templateExpressions(statement.template))
      break
    case 'set-env':
    case 'test-request':
      out.push(...templateExpressions(statement.template))
      break
  }
  return out
}

/** Every expression of a flow body, in document order. */
export function forEachExpression(statements: readonly StatementNode[], visit: (expr: XPathNode, statement: StatementNode) => void): void {
  forEachStatement(statements, (statement) => {
    for (const expr of expressionsOf(statement)) visit(expr, statement)
  })
}
