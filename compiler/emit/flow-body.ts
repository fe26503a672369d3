/**
 * The statements of a flow function's body (architecture: control flow in generated code). `if`
 * chains become `if / else if / else` (flows.md F-CTL-4); `break` and terminating actions return
 * BREAK (F-CTL-7, F-EXEC-3); `return` returns CONTINUE and the caller decides (F-CTL-8); the `if`
 * attribute guards the whole element (F-CTL-6). Each statement is preceded by its source comment.
 * Nothing is emitted after a statement that always returns, so the output has no dead code.
 */
import type { FlowNode } from '../ir/flow.js'
import type { ActionNode, IfNode, StatementNode } from '../ir/statements.js'
import { ACTION_EMITTERS, type ActionEmitter } from './actions/index.js'
import { conditionCode } from './actions/values.js'
import { emitBackendFlow } from './backend-flow.js'
import { type Code, indent, joinCode, js } from './code.js'
import type { EmitContext } from './context.js'
import { withDebugScope } from './debug-scope.js'

interface Emitted {
  readonly code: Code
  /** Control never continues past this code. */
  readonly abrupt: boolean
}

/** The body statements of the flow's function; the caller adds the final `return CONTINUE`. */
export function emitFlowBody(flow: FlowNode, ctx: EmitContext): Code {
  return emitStatements(flow.body, ctx).code
}

/** The body statements, and whether control can reach their end (then `return CONTINUE` follows). */
export function emitFlowFunctionBody(
  flow: FlowNode,
  ctx: EmitContext,
): { readonly code: Code; readonly reachesEnd: boolean } {
  const { code, abrupt } = emitStatements(flow.body, ctx)
  return { code, reachesEnd: !abrupt }
}

/** Statements of one block, up to and including the first that always returns. */
function emitStatements(statements: readonly StatementNode[], ctx: EmitContext): Emitted {
  const out: Code[] = []
  for (const statement of statements) {
    const emitted = emitStatement(statement, ctx)
    out.push(emitted.code)
    if (emitted.abrupt) return { code: joinCode(out, '\n'), abrupt: true }
  }
  return { code: joinCode(out, '\n'), abrupt: false }
}

function block(code: Code): Code {
  return code.text === '' ? js`{\n}` : js`{\n${indent(code)}\n}`
}

function emitStatement(statement: StatementNode, ctx: EmitContext): Emitted {
  if (statement.kind === 'if') return emitIf(statement, ctx)
  const comment = ctx.sourceComment(statement.loc, statement.tag)
  switch (statement.kind) {
    case 'break':
    case 'return': {
      const completion = ctx.runtime(statement.kind === 'break' ? 'BREAK' : 'CONTINUE')
      if (!statement.condition) return { code: js`${comment}\nreturn ${completion}`, abrupt: true }
      const test = conditionCode(statement.condition, ctx, { at: ctx.at(statement.loc), action: statement.kind })
      return { code: js`${comment}\nif (${test}) return ${completion}`, abrupt: false }
    }
    case 'backend-flow': {
      const body = emitStatements(statement.body, ctx)
      const register = emitBackendFlow(statement, ctx, body.code, body.abrupt)
      if (!statement.condition) return { code: js`${comment}\n${register}`, abrupt: false }
      const test = conditionCode(statement.condition, ctx, { at: ctx.at(statement.loc), action: statement.kind })
      return { code: js`${comment}\nif (${test}) ${block(register)}`, abrupt: false }
    }
    default:
      return emitAction(statement, ctx, comment)
  }
}

function emitAction(node: ActionNode, ctx: EmitContext, comment: Code): Emitted {
  // The `if` attribute is evaluated before anything else of the action (F-CTL-6, ACT-COMMON-2).
  const test = node.condition && conditionCode(node.condition, ctx, { at: ctx.at(node.loc), action: node.kind })
  const emitter = ACTION_EMITTERS[node.kind] as ActionEmitter<typeof node.kind>
  const action = withDebugScope(node, emitter(node, ctx), ctx)
  if (test) return { code: js`${comment}\nif (${test}) ${block(action.code)}`, abrupt: false }
  // Constants of an action that ends the function cannot clash with anything after it: no block.
  if (action.declares && !action.terminates) return { code: js`${comment}\n${block(action.code)}`, abrupt: false }
  return { code: js`${comment}\n${action.code}`, abrupt: action.terminates }
}

/**
 * `if / else if / else`. When every `if`/`elseif` block always returns, the `else` block's statements
 * follow the chain without `else` (no `else` after `return`); the chain then returns exactly when
 * that block does.
 */
function emitIf(node: IfNode, ctx: EmitContext): Emitted {
  const parts: Code[] = []
  let allAbrupt = true
  node.branches.forEach((branch, index) => {
    const test = conditionCode(branch.test, ctx, { at: ctx.at(branch.loc), action: branch.element })
    const body = emitStatements(branch.body, ctx)
    allAbrupt &&= body.abrupt
    const keyword = index === 0 ? js`if` : js`else if`
    parts.push(js`${ctx.sourceComment(branch.loc, branch.tag)}\n${keyword} (${test}) ${block(body.code)}`)
  })
  const otherwise = node.otherwise
  if (!otherwise) return { code: joinCode(parts, '\n'), abrupt: false }
  const body = emitStatements(otherwise.body, ctx)
  const comment = ctx.sourceComment(otherwise.loc, otherwise.tag)
  if (allAbrupt) {
    const rest = body.code.text === '' ? comment : js`${comment}\n${body.code}`
    return { code: joinCode([...parts, rest], '\n'), abrupt: body.abrupt }
  }
  parts.push(js`${comment}\nelse ${block(body.code)}`)
  return { code: joinCode(parts, '\n'), abrupt: false }
}
