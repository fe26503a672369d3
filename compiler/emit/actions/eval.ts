/** `eval` (actions.md ACT-eval-2): store the value in `out`, or evaluate for side effects only. */
import { js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { valueCode } from './values.js'

export const emitEval: ActionEmitter<'eval'> = (node, ctx) => {
  const value = valueCode(node.expr, ctx, { at: ctx.at(node.loc), action: 'eval' })
  const code = node.out ? js`ctx.vars.set(${lit(node.out.name)}, ${value})` : value
  return { code, terminates: false, declares: false }
}
