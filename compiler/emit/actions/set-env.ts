/** `set-env` (actions.md ACT-set-env-1..3): `setEnv(ctx, TEMPLATE_n)`, the main content as input. */
import { js } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'

export const emitSetEnv: ActionEmitter<'set-env'> = (node, ctx) => {
  const template = emitTemplate(node.template, ctx, { at: ctx.at(node.loc), action: 'set-env' })
  return { code: js`${ctx.runtime('setEnv')}(ctx, ${template})`, terminates: false, declares: false }
}
