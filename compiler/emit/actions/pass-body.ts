/** `pass-body` (actions.md ACT-pass-body-1..4): `passBody(ctx, at, request?, mime?, status?)`, then the run ends. */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { argumentsCode, callCode } from './values.js'

export const emitPassBody: ActionEmitter<'pass-body'> = (node, ctx) => {
  const at = ctx.at(node.loc)
  const { prelude, args } = argumentsCode(
    [
      { local: js`request`, value: node.request },
      { local: js`mime`, value: node.mime },
      { local: js`status`, value: node.status },
    ],
    ctx,
    { at, action: 'pass-body' },
  )
  const call = callCode(ctx.runtime('passBody'), [js`ctx`, lit(at), ...args])
  return {
    code: joinCode([...prelude, call, js`return ${ctx.runtime('BREAK')}`], '\n'),
    terminates: true,
    declares: prelude.length > 0,
  }
}
