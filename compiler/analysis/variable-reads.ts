/**
 * Which predefined variables the flows of a build can read (runtime/app.ts `VariableReads`), so the
 * gateway builds no `$request` and no `$upstream` entries that nothing can observe (flows.md F-VAR-7,
 * upstream.md UP-VAR-1). Decided from the IR: the `reads` the flow stage recorded for each flow
 * (every expression, location and template of every action, the body sources of request
 * configurations; anything that may name a variable only at run time counts as reading all).
 */
import type { FlowNode } from '../ir/flow.js'
import { combinedReads, mayRead } from './flow-reads.js'

export interface VariableReads {
  readonly request: boolean
  readonly upstream: boolean
}

export function variableReads(flows: Iterable<FlowNode>): VariableReads {
  const reads = combinedReads(flows)
  return { request: mayRead(reads, 'request'), upstream: mayRead(reads, 'upstream') }
}
