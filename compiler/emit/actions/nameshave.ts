/** `nameshave` (actions.md ACT-nameshave-1..4): `nameshave(ctx, at, in, out)`. */
import { js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitNameshave: ActionEmitter<'nameshave'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'nameshave' }
  const code = callCode(ctx.runtime('nameshave'), [
    js`ctx`,
    lit(site.at),
    locationCode(node.input, ctx, site),
    locationCode(node.output, ctx, site),
  ])
  return { code, terminates: false, declares: false }
}
