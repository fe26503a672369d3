/**
 * The `sub-flow` action (actions.md ACT-sub-flow-2..4, flows.md F-EXEC-7): runs another flow in the
 * caller's context one level deeper; starting depth 65 is an RF. The completion is returned so the
 * caller can propagate BREAK (F-CTL-7); `return` inside gives CONTINUE (F-CTL-8).
 */
import type { Completion, FlowFunction } from '../../context/completion.js'
import { type FlowContext, MAX_SUBFLOW_DEPTH } from '../../context/flow-context.js'
import { flowExecutionError } from '../../errors/raised-error.js'

export async function subFlow(ctx: FlowContext, flow: FlowFunction, at: string): Promise<Completion> {
  if (ctx.depth >= MAX_SUBFLOW_DEPTH)
    throw flowExecutionError(at, 'sub-flow', 'sub-flow nesting too deep', ctx.requestId)
  ctx.depth++
  try {
    return await flow(ctx)
  } finally {
    ctx.depth--
  }
}
