/**
 * Which predefined variables the flows of a build can read (runtime/app.ts `VariableReads`), so the
 * gateway builds no `$request` and no `$upstream` entries that nothing can observe (flows.md F-VAR-7,
 * upstream.md UP-VAR-1). Decided from the IR by compiler/validate/flow-reads.ts: every expression,
 * location and template of every action (its ACTIONS `inputs`) and the body sources of request
 * configurations, with anything that may name a variable only at run time counting as reading all.
 */
import type { FlowNode } from '../ir/flow.js'
import { flowReads, mayRead } from '../validate/flow-reads.js'

export interface VariableReads {
  readonly request: boolean
  readonly upstream: boolean
}

export function variableReads(flows: Iterable<FlowNode>): VariableReads {
  const reads = flowReads(flows)
  return { request: mayRead(reads, 'request'), upstream: mayRead(reads, 'upstream') }
}
