/** The shape of one action's emitter (style: one file per IR kind, one registry). */
import type { ActionKind, ActionNode } from '../../ir/statements.js'
import type { Code } from '../code.js'
import type { EmitContext } from '../context.js'

/** What an action emitter produces; the `if` attribute and the source comment are added around it. */
export interface ActionCode {
  /** One or more statements. */
  readonly code: Code
  /** The code always ends the flow function (`return BREAK`): nothing may follow it. */
  readonly terminates: boolean
  /** The code declares local constants and needs a block of its own. */
  readonly declares: boolean
}

export type ActionEmitter<K extends ActionKind> = (
  node: Extract<ActionNode, { kind: K }>,
  ctx: EmitContext,
) => ActionCode
