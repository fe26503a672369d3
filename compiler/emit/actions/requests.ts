/**
 * `requests` (actions.md ACT-requests-1..2, upstream.md UP-REQS): `await requests(ctx, at, dir,
 * renderTemplate(ctx, TEMPLATE_n))` (the output text, so a key written twice is detected), or
 * `await requestsFrom(ctx, at, dir, "name")` for a `src` variable.
 */
import { js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'

export const emitRequests: ActionEmitter<'requests'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'requests' }
  if (node.template === null) {
    return {
      code: js`await ${ctx.runtime('requestsFrom')}(ctx, ${lit(site.at)}, ${lit(node.dir)}, ${lit(node.variable)})`,
      terminates: false,
      declares: false,
    }
  }
  const text = js`${ctx.runtime('renderTemplate')}(ctx, ${emitTemplate(node.template, ctx, site)})`
  return {
    code: js`await ${ctx.runtime('requests')}(ctx, ${lit(site.at)}, ${lit(node.dir)}, ${text})`,
    terminates: false,
    declares: false,
  }
}
