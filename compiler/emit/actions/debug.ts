/**
 * `debug` (actions.md ACT-debug-1..4): the subject is evaluated only when the message is selected
 * (ACT-debug-2): `if (debugActionSelected(ctx, level, channel)) debug(ctx, level, channel,
 * value)`, the value being the expression's result or the location's value.
 */
import { js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { locationCode, valueCode } from './values.js'

export const emitDebug: ActionEmitter<'debug'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'debug' }
  const subject = node.subject
  const value =
    subject.kind === 'xpath'
      ? valueCode(subject.expr, ctx, site)
      : js`${ctx.runtime('readLocation')}(ctx, ${locationCode(subject.input, ctx, site)}, ${lit(site.at)}, ${lit('debug')})`
  const level = lit(node.level)
  const channel = lit(node.channel)
  const code = js`if (${ctx.runtime('debugActionSelected')}(ctx, ${level}, ${channel})) ${ctx.runtime('debug')}(ctx, ${level}, ${channel}, ${value})`
  return { code, terminates: false, declares: false }
}
