/**
 * `serve` (actions.md ACT-serve-2..8): the document root, fallback and `terminate` become a hoisted
 * `SERVE_n = Object.freeze({ dir, fallback, terminate })`; `await serve(ctx, at, SERVE_n, out)`,
 * then, unless `terminate="false"`, the run ends (ACT-serve-7).
 */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitServe: ActionEmitter<'serve'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'serve' }
  const spec = ctx.hoist(
    'SERVE',
    js`Object.freeze({ dir: ${lit(node.dir)}, fallback: ${lit(node.fallback)}, terminate: ${lit(node.terminate)} })`,
  )
  const call = js`await ${callCode(ctx.runtime('serve'), [js`ctx`, lit(site.at), spec, locationCode(node.output, ctx, site)])}`
  if (!node.terminate) return { code: call, terminates: false, declares: false }
  return { code: joinCode([call, js`return ${ctx.runtime('BREAK')}`], '\n'), terminates: true, declares: false }
}
