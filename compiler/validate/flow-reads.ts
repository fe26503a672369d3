/**
 * What a set of flows can read by name (flows.md F-VAR-7, F-LOC-1), from the IR: the expressions,
 * `{expr}` values, input locations and templates of every statement (each action's ACTIONS
 * `inputs`), and the locations named in request configurations (UP-BODY-3, the entries'
 * `dataLocations`). Conservative where a name is only known at run time: a computed location
 * (F-LOC-1), a computed `sort()` key (FN-sort-2) or a computed request configuration counts as
 * reading every variable. Comments and other text of the flow files play no part.
 */
import type { FlowNode } from '../ir/flow.js'
import type { ActionInput } from '../ir/statements.js'
import type { XPathNode } from '../ir/xpath.js'
import { dataLocationsOf, expressionsOfInput, forEachStatement, inputsOf } from './walk.js'

export interface FlowReads {
  /** Variables (without `$`) that something reads. */
  readonly variables: ReadonlySet<string>
  /** Variables that something may read whole (not only through a child step by name). */
  readonly whole: ReadonlySet<string>
  /** `name/child` for the child steps by name that read part of a variable. */
  readonly steps: ReadonlySet<string>
  /** Some expression climbs from nodes to their ancestors or siblings. */
  readonly climbs: boolean
  /** Something names a variable only at run time: any variable may be read. */
  readonly dynamic: boolean
}

export function flowReads(flows: Iterable<FlowNode>): FlowReads {
  const variables = new Set<string>()
  const whole = new Set<string>()
  const steps = new Set<string>()
  let climbs = false
  let dynamic = false
  const readWhole = (name: string) => {
    variables.add(name)
    whole.add(name)
  }
  const expression = (expr: XPathNode) => {
    for (const name of expr.uses.whole) readWhole(name)
    for (const step of expr.uses.steps) {
      steps.add(step)
      variables.add(step.slice(0, step.indexOf('/')))
    }
    climbs ||= expr.uses.climbs
    dynamic ||= expr.uses.dynamic
  }
  const input = (part: ActionInput) => {
    if (part?.kind === 'variable') readWhole(part.name)
    else if (part?.kind === 'dynamic') dynamic = true
    for (const expr of expressionsOfInput(part)) expression(expr)
  }
  for (const flow of flows) {
    forEachStatement(flow.body, (statement) => {
      for (const part of inputsOf(statement)) input(part)
      const locations = dataLocationsOf(statement)
      if (locations === 'computed') dynamic = true
      // F-LOC-1: `$name` is the one form of a location that names a variable
      else for (const location of locations) if (location.startsWith('$')) readWhole(location.slice(1))
    })
  }
  return { variables, whole, steps, climbs, dynamic }
}

/** Whether the flows may read `$name` at all. */
export function mayRead(reads: FlowReads, name: string): boolean {
  return reads.dynamic || reads.variables.has(name)
}

/**
 * Whether the flows may read the child `child` of `$name`: read whole, stepped into, or reached by
 * climbing from another part of it.
 */
export function mayReadChild(reads: FlowReads, name: string, child: string): boolean {
  return reads.dynamic || reads.whole.has(name) || reads.steps.has(`${name}/${child}`) || (reads.climbs && reads.variables.has(name))
}
