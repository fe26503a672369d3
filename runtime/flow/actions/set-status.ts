/** The `set-status` action (actions.md ACT-set-status-1..3, flows.md F-RESP-2). */
import type { FlowContext } from '../../context/flow-context.js'
import { statusOrFallback } from './status.js'

/** Sets the response status; an invalid value sets 500 (ACT-set-status-2). Not terminating. */
export function setStatus(ctx: FlowContext, code: string): void {
  ctx.response.status = statusOrFallback(code)
}
