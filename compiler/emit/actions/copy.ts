/** `copy` (actions.md ACT-copy-1, ACT-copy-2): `copy(ctx, at, in, out)`. */
import { js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitCopy: ActionEmitter<'copy'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'copy' }
  const code = callCode(ctx.runtime('copy'), [
    js`ctx`,
    lit(site.at),
    locationCode(node.input, ctx, site),
    locationCode(node.output, ctx, site),
  ])
  return { code, terminates: false, declares: false }
}
