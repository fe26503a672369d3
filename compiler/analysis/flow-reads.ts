/**
 * What a set of flows reads by name, from the `reads` their flow stage recorded (compiler/flow/
 * flow-reads.ts): the union, and the two questions the emitter asks of it.
 */
import type { FlowNode } from '../ir/flow.js'
import { VariableUsesBuilder } from '../ir/variable-uses-builder.js'
import type { VariableUses } from '../ir/xpath.js'

/** The reads of all `flows` together. */
export function combinedReads(flows: Iterable<FlowNode>): VariableUses {
  const uses = new VariableUsesBuilder()
  for (const flow of flows) uses.add(flow.reads)
  return uses.build()
}

/** Whether the reads may reach `$name` at all. */
export function mayRead(reads: VariableUses, name: string): boolean {
  return reads.dynamic || reads.whole.includes(name) || reads.steps.some((step) => step.startsWith(`${name}/`))
}

/**
 * Whether the reads may reach the child `child` of `$name`: read whole, stepped into, or reached by
 * climbing from another part of it.
 */
export function mayReadChild(reads: VariableUses, name: string, child: string): boolean {
  return (
    reads.dynamic ||
    reads.whole.includes(name) ||
    reads.steps.includes(`${name}/${child}`) ||
    (reads.climbs && mayRead(reads, name))
  )
}
