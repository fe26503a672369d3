/**
 * Skeleton of a generated flow module. compiler/emit/skeleton-parts.ts cuts it into pieces with
 * ts-morph; compiler/emit/skeletons.ts puts the flow's function name in place of HANDLER_NAME and the
 * emitted statements in the body.
 */
import { CONTINUE, type Completion, type FlowContext } from 'svc-gateway/runtime'

export async function HANDLER_NAME(ctx: FlowContext): Promise<Completion> {
  // @slot body
  return CONTINUE
}
