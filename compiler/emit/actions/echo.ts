/** `echo` (actions.md ACT-echo-1..4): `echo(ctx, at, text, mime?, status?)`, then the run ends (F-EXEC-3). */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { argumentsCode, callCode } from './values.js'

export const emitEcho: ActionEmitter<'echo'> = (node, ctx) => {
  const at = ctx.at(node.loc)
  const { prelude, args } = argumentsCode(
    [
      { local: js`mime`, value: node.mime },
      { local: js`status`, value: node.status },
    ],
    ctx,
    { at, action: 'echo' },
  )
  const call = callCode(ctx.runtime('echo'), [js`ctx`, lit(at), lit(node.text), ...args])
  return {
    code: joinCode([...prelude, call, js`return ${ctx.runtime('BREAK')}`], '\n'),
    terminates: true,
    declares: prelude.length > 0,
  }
}
