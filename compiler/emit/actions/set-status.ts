/** `set-status` (actions.md ACT-set-status-1..3): `setStatus(ctx, code)`; invalid values give 500 at run time. */
import { js } from '../code.js'
import type { ActionEmitter } from './types.js'
import { textCode } from './values.js'

export const emitSetStatus: ActionEmitter<'set-status'> = (node, ctx) => {
  const code = textCode(node.code, ctx, { at: ctx.at(node.loc), action: 'set-status' })
  return { code: js`${ctx.runtime('setStatus')}(ctx, ${code})`, terminates: false, declares: false }
}
