/**
 * `proxy-request` (actions.md ACT-proxy-request-1..3, upstream.md UP-PROXY): `await proxyRequest(ctx,
 * at, dir, TEMPLATE_n, last)`, the runtime running the body template; `last` marks the flow's final
 * top-level element, whose bodies may be streamed when it runs as the handler (UP-GEN-6 step 1).
 */
import { js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'

export const emitProxyRequest: ActionEmitter<'proxy-request'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'proxy-request' }
  const config = emitTemplate(node.template, ctx, site)
  return {
    code: js`await ${ctx.runtime('proxyRequest')}(ctx, ${lit(site.at)}, ${lit(node.dir)}, ${config}, ${lit(node.last)})`,
    terminates: false,
    declares: false,
  }
}
