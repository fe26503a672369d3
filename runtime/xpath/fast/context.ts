/** Variables and the context item in fast-path code (xpath-functions.md XP-VAR-2, XP-VAR-3; flows.md F-EXPR-2). */
import type { FlowContext } from '../../context/flow-context.js'
import { decodeContent } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import type { Item, Sequence } from '../../values/item.js'
import { defaultFocus, type VariableScope, variableValue } from '../scope.js'

/** `$name`: the local or global value, contents decoded, the empty sequence when unset. */
export function xpVar(ctx: FlowContext, scope: VariableScope | undefined, name: string): Sequence {
  return variableValue(ctx, scope, name)
}

/** `.`: the given focus, or the default context item of a flow-level expression. */
export function xpFocus(ctx: FlowContext, focus: Item | undefined): Item {
  if (focus === undefined) return defaultFocus(ctx)
  return focus instanceof Content ? decodeContent(focus) : focus
}
