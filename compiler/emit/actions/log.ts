/** `log` (actions.md ACT-log-1..4): `log(ctx, TEMPLATE_n)`, the main content as input. */
import { js } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'

export const emitLog: ActionEmitter<'log'> = (node, ctx) => {
  const template = emitTemplate(node.template, ctx, { at: ctx.at(node.loc), action: 'log' })
  return { code: js`${ctx.runtime('log')}(ctx, ${template})`, terminates: false, declares: false }
}
