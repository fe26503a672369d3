/** Handler values that generated route tables refer to (definition.md H1, H2; runtime/context/handler.ts FlowHandler). */
import type { FlowHandler } from '../context/handler.js'
import type { FlowFunction } from '../context/completion.js'

/** A flow bound as a handler; `file` is the flow's site-relative path (access log `flow`, LG3). */
export function flowHandler(file: string, run: FlowFunction, streamRequestBody?: boolean): FlowHandler {
  return Object.freeze(streamRequestBody === true ? { kind: 'flow', file, run, streamRequestBody } : { kind: 'flow', file, run })
}
