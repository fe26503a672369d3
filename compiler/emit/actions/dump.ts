/** `dump` (actions.md ACT-dump-1..5): `dump(ctx, at, location, mime?, status?)`, then the run ends. */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { argumentsCode, callCode } from './values.js'

export const emitDump: ActionEmitter<'dump'> = (node, ctx) => {
  const at = ctx.at(node.loc)
  const { prelude, args } = argumentsCode(
    [
      { local: js`input`, value: node.input },
      { local: js`mime`, value: node.mime },
      { local: js`status`, value: node.status },
    ],
    ctx,
    { at, action: 'dump' },
  )
  const call = callCode(ctx.runtime('dump'), [js`ctx`, lit(at), ...args])
  return {
    code: joinCode([...prelude, call, js`return ${ctx.runtime('BREAK')}`], '\n'),
    terminates: true,
    declares: prelude.length > 0,
  }
}
