/**
 * The `sub-flow` action (actions.md ACT-sub-flow-2..4, flows.md F-EXEC-7): runs another flow in the
 * caller's context one level deeper; starting depth 65 is an RF. The completion is returned so the
 * caller can propagate BREAK (F-CTL-7); `return` inside gives CONTINUE (F-CTL-8). A traced request
 * runs it in a span of its own (operations.md TR5), the parent of what the sub-flow starts.
 */
import type { Completion, FlowFunction } from '../../context/completion.js'
import { type FlowContext, MAX_SUBFLOW_DEPTH } from '../../context/flow-context.js'
import type { ParentSpan } from '../../context/trace.js'
import { flowExecutionError } from '../../errors/raised-error.js'

export async function subFlow(ctx: FlowContext, flow: FlowFunction, at: string): Promise<Completion> {
  if (ctx.depth >= MAX_SUBFLOW_DEPTH)
    throw flowExecutionError(at, 'sub-flow', 'sub-flow nesting too deep', ctx.requestId)
  const parent = ctx.trace
  if (parent !== null) return tracedSubFlow(ctx, flow, at, parent)
  ctx.depth++
  try {
    return await flow(ctx)
  } finally {
    ctx.depth--
  }
}

async function tracedSubFlow(
  ctx: FlowContext,
  flow: FlowFunction,
  at: string,
  parent: ParentSpan,
): Promise<Completion> {
  const span = parent.startStep('sub-flow', { 'code.function.name': flow.name, 'svc.flow.location': at })
  ctx.trace = span
  ctx.depth++
  let failure: unknown = null
  try {
    return await flow(ctx)
  } catch (error) {
    failure = error
    throw error
  } finally {
    ctx.depth--
    ctx.trace = parent
    span.end(failure)
  }
}
