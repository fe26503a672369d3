/**
 * `auth` (actions.md ACT-auth-1..4): `if (!auth(ctx, at, users)) return BREAK`. Users are
 * `{ name, pass }` objects whose keys follow the attributes' document order, so dynamic values are
 * evaluated in that order (ACT-COMMON-2); all-static users are a hoisted constant.
 */
import type { AuthUserNode } from '../../ir/gateway-actions.js'
import { type Code, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import type { ExpressionSite } from './expression.js'
import type { ActionEmitter } from './types.js'
import { isDynamic, textCode } from './values.js'

export const emitAuth: ActionEmitter<'auth'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'auth' }
  const users = joinCode(
    node.users.map((user) => userCode(user, ctx, site)),
    ', ',
  )
  const dynamic = node.users.some((user) => isDynamic(user.name) || isDynamic(user.pass))
  const list = dynamic ? js`[${users}]` : ctx.hoist('USERS', js`Object.freeze([${users}])`)
  const code = js`if (!${ctx.runtime('auth')}(ctx, ${lit(site.at)}, ${list})) return ${ctx.runtime('BREAK')}`
  return { code, terminates: false, declares: false }
}

function userCode(user: AuthUserNode, ctx: EmitContext, site: ExpressionSite): Code {
  const name = js`name: ${user.name === null ? lit('') : textCode(user.name, ctx, site)}`
  const pass = js`pass: ${textCode(user.pass, ctx, site)}`
  const nameFirst = user.name === null || user.name.loc.start < user.pass.loc.start
  return js`{ ${nameFirst ? name : pass}, ${nameFirst ? pass : name} }`
}
