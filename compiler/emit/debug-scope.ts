/**
 * The `debug` attribute of an action (flows.md F-DBG-1, F-DBG-2; actions.md ACT-COMMON-1,
 * ACT-sub-flow-5): while the action runs, its topics are in force (runtime/debug `enterDebugScope`),
 * so its own messages and, for a `sub-flow`, those of every action of the called flow are selected by
 * them. Actions without the attribute are emitted unchanged.
 *
 *   const entered = enterDebugScope(ctx, DEBUG_1)
 *   try {
 *     ...the action...
 *   } finally {
 *     leaveDebugScope(ctx, entered)
 *   }
 */
import type { ActionNode } from '../ir/statements.js'
import type { ActionCode } from './actions/types.js'
import { indent, js, lit } from './code.js'
import type { EmitContext } from './context.js'

export function withDebugScope(node: ActionNode, action: ActionCode, ctx: EmitContext): ActionCode {
  if (node.debug.length === 0) return action
  const spec = ctx.hoist(
    'DEBUG',
    js`${ctx.runtime('debugScope')}(${lit(ctx.at(node.loc))}, ${lit(node.kind)}, ${lit([...node.debug])})`,
  )
  const code = js`const entered = ${ctx.runtime('enterDebugScope')}(ctx, ${spec})
try {
${indent(action.code)}
} finally {
  ${ctx.runtime('leaveDebugScope')}(ctx, entered)
}`
  return { code, terminates: action.terminates, declares: true }
}
