/**
 * `regex` (actions.md ACT-regex-1..5): the translated pattern and the replacement become a hoisted
 * `REGEX_n = regexReplacement(source, flags, parts)`; the action is `regex(ctx, at, REGEX_n, in, out)`.
 */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitRegex: ActionEmitter<'regex'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'regex' }
  const parts = joinCode(
    node.replacement.map((part) => lit(part)),
    ', ',
  )
  const regex = ctx.hoist(
    'REGEX',
    js`${ctx.runtime('regexReplacement')}(${lit(node.source)}, ${lit(node.flags)}, [${parts}])`,
  )
  const code = callCode(ctx.runtime('regex'), [
    js`ctx`,
    lit(site.at),
    regex,
    locationCode(node.input, ctx, site),
    locationCode(node.output, ctx, site),
  ])
  return { code, terminates: false, declares: false }
}
