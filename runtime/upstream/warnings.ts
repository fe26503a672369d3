/**
 * Run-time warnings (RW, flows.md section 0) of the upstream actions: a debug message with level
 * `warn` and the action's name as topic; the request's debug writer decides whether it is written.
 */
import type { FlowContext } from '../context/flow-context.js'

export function warnAt(ctx: FlowContext, action: string, message: string): void {
  ctx.debug?.('warn', action, message)
}
