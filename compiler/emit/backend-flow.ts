/**
 * `backend-flow` (actions.md ACT-backend-flow-1): registers its statements as a flow function of its
 * own, written in place as an arrow function whose `ctx` is the backend flow's context:
 *
 *   registerBackendFlow(ctx, "tests/a.xml:2:3", "stock", async (ctx) => {
 *     ...statements...
 *     return CONTINUE
 *   })
 *
 * A `debug` attribute puts its topics in force while the backend flow runs (flows.md F-DBG-2). The
 * caller emits the statements (compiler/emit/flow-body.ts), so this module needs none of its code.
 */
import type { BackendFlowNode } from '../ir/statements.js'
import { type Code, indent, joinCode, js, lit } from './code.js'
import type { EmitContext } from './context.js'

/** `body` are the emitted statements; `abrupt` tells that they always return. */
export function emitBackendFlow(node: BackendFlowNode, ctx: EmitContext, body: Code, abrupt: boolean): Code {
  const at = ctx.at(node.loc)
  const end = abrupt ? [] : [js`return ${ctx.runtime('CONTINUE')}`]
  let statements = joinCode([...(body.text === '' ? [] : [body]), ...end], '\n')
  if (node.debug.length > 0) {
    const spec = ctx.hoist(
      'DEBUG',
      js`${ctx.runtime('debugScope')}(${lit(at)}, ${lit('backend-flow')}, ${lit([...node.debug])})`,
    )
    statements = js`const entered = ${ctx.runtime('enterDebugScope')}(ctx, ${spec})
try {
${indent(statements)}
} finally {
  ${ctx.runtime('leaveDebugScope')}(ctx, entered)
}`
  }
  const flow = js`async (ctx) => {\n${indent(statements)}\n}`
  return js`${ctx.runtime('registerBackendFlow')}(ctx, ${lit(at)}, ${lit(node.request)}, ${flow})`
}
