/**
 * `<debug level channel xpath/>` or `<debug level channel in/>` (actions.md ACT-debug-1): exactly one
 * of `xpath` (an expression) and `in` (a dyn location); `level` one of the levels of operations.md
 * DB2 (`warning` = `warn`, default `debug`); `channel` a static topic, `user` by default.
 */
import type { DebugLevelName } from '../../ir/gateway-actions.js'
import { checkEmptyBody } from '../body.js'
import { lowerExpression } from '../expression.js'
import { attributeOf } from '../lower-context.js'
import { locationAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

const LEVELS: Readonly<Record<string, DebugLevelName>> = {
  verbose: 'verbose',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  alert: 'alert',
}

export const DEBUG: ActionEntry<'debug'> = {
  name: 'debug',
  inputs: (node) => [node.subject.kind === 'xpath' ? node.subject.expr : node.subject.input],
  lower(element, ctx, fields) {
    const levelAttribute = attributeOf(element, 'level')
    const levelText = levelAttribute ? ctx.attributeValue(levelAttribute).text.trim() : 'debug'
    const level = LEVELS[levelText]
    if (level === undefined) {
      ctx.bag.error(
        'flow/invalid-attribute',
        ctx.attributeLoc(levelAttribute!),
        `invalid level "${levelText}" of <debug>; expected ${Object.keys(LEVELS).join(', ')}`,
      )
    }
    const channelAttribute = attributeOf(element, 'channel')
    const channel = channelAttribute ? ctx.attributeValue(channelAttribute).text.trim() : 'user'
    const xpathAttribute = attributeOf(element, 'xpath')
    const inAttribute = attributeOf(element, 'in')
    const empty = checkEmptyBody(element, ctx)
    if ((xpathAttribute === undefined) === (inAttribute === undefined)) {
      ctx.bag.error('flow/missing-attribute', fields.loc, '<debug> needs exactly one of xpath and in')
      return undefined
    }
    if (xpathAttribute) {
      const loc = ctx.attributeLoc(xpathAttribute)
      const expr = lowerExpression(ctx.attributeValue(xpathAttribute), ctx, loc, 'xpath attribute of <debug>')
      if (level === undefined || expr === undefined || !empty) return undefined
      return { kind: 'debug', ...fields, level, channel, subject: { kind: 'xpath', expr } }
    }
    const input = locationAttribute(element, ctx, 'in')
    if (level === undefined || !input || !empty) return undefined
    return { kind: 'debug', ...fields, level, channel, subject: { kind: 'location', input } }
  },
}
