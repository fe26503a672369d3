/** Handler values that generated route tables refer to (definition.md H1, H2; runtime/context/handler.ts FlowHandler). */
import type { FlowFunction } from '../context/completion.js'
import type { FlowHandler, OperationStageName } from '../context/handler.js'

export interface FlowHandlerSettings {
  /** The client body may be streamed to a final `proxy-request` (upstream.md UP-GEN-6 step 2). */
  readonly streamRequestBody?: boolean
  /** The stages after routing that apply to the operation (runtime/server/stages.ts); absent: all. */
  readonly stages?: readonly OperationStageName[]
}

/** A flow bound as a handler; `file` is the flow's site-relative path (access log `flow`, LG3). */
export function flowHandler(file: string, run: FlowFunction, settings: FlowHandlerSettings = {}): FlowHandler {
  const handler: { -readonly [K in keyof FlowHandler]: FlowHandler[K] } = { kind: 'flow', file, run }
  if (settings.streamRequestBody === true) handler.streamRequestBody = true
  if (settings.stages !== undefined) handler.stages = Object.freeze([...settings.stages])
  return Object.freeze(handler)
}
