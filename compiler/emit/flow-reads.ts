/**
 * What a set of flows reads by name, from the `reads` their flow stage recorded (compiler/flow/
 * flow-reads.ts): the union, and the two questions the emitter asks of it.
 */
import type { FlowNode } from '../ir/flow.js'
import type { VariableUses } from '../ir/xpath.js'

/** The reads of all `flows` together. */
export function combinedReads(flows: Iterable<FlowNode>): VariableUses {
  const whole = new Set<string>()
  const steps = new Set<string>()
  let climbs = false
  let dynamic = false
  for (const flow of flows) {
    for (const name of flow.reads.whole) whole.add(name)
    for (const step of flow.reads.steps) steps.add(step)
    climbs ||= flow.reads.climbs
    dynamic ||= flow.reads.dynamic
  }
  return { steps: [...steps], whole: [...whole], climbs, dynamic }
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
  return reads.dynamic || reads.whole.includes(name) || reads.steps.includes(`${name}/${child}`) || (reads.climbs && mayRead(reads, name))
}
