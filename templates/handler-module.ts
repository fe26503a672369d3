/**
 * Skeleton of a generated flow module. compiler/emit/flow-module.ts clones it with ts-morph, gives
 * HANDLER_NAME the flow's function name and fills the body with the emitted statements.
 */
import { CONTINUE, type Completion, type FlowContext } from 'svc-gateway/runtime'

export async function HANDLER_NAME(ctx: FlowContext): Promise<Completion> {
  // @slot body
  return CONTINUE
}
