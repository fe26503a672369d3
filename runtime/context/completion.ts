/**
 * How a flow ends (flows.md F-CTL-7, F-CTL-8, F-EXEC-3). A flow function returns CONTINUE when it
 * ran to its end or hit `return`, BREAK when `break` or a terminating action ended the whole run.
 * Raised errors are thrown (runtime/errors RaisedError).
 */
import type { FlowContext } from './flow-context.js'

export const CONTINUE = 0
export const BREAK = 1
export type Completion = typeof CONTINUE | typeof BREAK

/** The function generated for one flow file. */
export type FlowFunction = (ctx: FlowContext) => Promise<Completion>
