/**
 * `set-response-headers` (actions.md ACT-set-response-headers-1..4): `setResponseHeaders(ctx,
 * TEMPLATE_n | null, in, status?)`; `in` and `status` are evaluated in document order before the
 * template runs inside the call (ACT-COMMON-2).
 */
import { joinCode, js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'
import { argumentsCode, callCode } from './values.js'

export const emitSetResponseHeaders: ActionEmitter<'set-response-headers'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'set-response-headers' }
  const { prelude, args } = argumentsCode(
    [
      { local: js`input`, value: node.input },
      { local: js`status`, value: node.status },
    ],
    ctx,
    site,
  )
  const template = node.template ? emitTemplate(node.template, ctx, site) : lit(null)
  const call = callCode(ctx.runtime('setResponseHeaders'), [js`ctx`, template, ...args])
  return { code: joinCode([...prelude, call], '\n'), terminates: false, declares: prelude.length > 0 }
}
