/**
 * `error` (actions.md ACT-error-1..5): `throw error(ctx, at, TEMPLATE_n | null, status?)`. The
 * status attribute is evaluated before the body runs inside the call (ACT-COMMON-2); the raised error
 * ends the run (errors.md X6), so nothing follows it.
 */
import { js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'
import { callCode, textCode } from './values.js'

export const emitError: ActionEmitter<'error'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'error' }
  const template = node.template === null ? lit(null) : emitTemplate(node.template, ctx, site)
  const status = node.status === null ? lit(undefined) : textCode(node.status, ctx, site)
  const call = callCode(ctx.runtime('error'), [js`ctx`, lit(site.at), template, status])
  return { code: js`throw ${call}`, terminates: true, declares: false }
}
