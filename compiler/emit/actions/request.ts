/**
 * `request` (actions.md ACT-request-1..3): `await request(ctx, at, dir, { content, url, method },
 * TEMPLATE_n)`. The attributes are evaluated in document order, then the body template, which the
 * runtime runs (ACT-COMMON-2); an empty body passes no configuration.
 */
import { type Code, joinCode, js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'
import { argumentsCode } from './values.js'

/** The attributes, each with its (fixed) property name in the runtime's RequestAttributes. */
const ATTRIBUTES = [
  { name: 'content', key: js`content` },
  { name: 'url', key: js`url` },
  { name: 'method', key: js`method` },
] as const

export const emitRequest: ActionEmitter<'request'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'request' }
  const { prelude, args } = argumentsCode(
    ATTRIBUTES.map(({ name, key }) => ({ local: key, value: node[name] })),
    ctx,
    site,
  )
  const members = ATTRIBUTES.flatMap(({ name, key }, i) => (node[name] === null ? [] : [js`${key}: ${args[i]!}`]))
  const attributes = members.length === 0 ? js`{}` : js`{ ${joinCode(members, ', ')} }`
  const call: Code[] = [js`ctx`, lit(site.at), lit(node.dir), attributes]
  if (node.template !== null) call.push(emitTemplate(node.template, ctx, site))
  const code = js`await ${ctx.runtime('request')}(${joinCode(call, ', ')})`
  return { code: joinCode([...prelude, code], '\n'), terminates: false, declares: prelude.length > 0 }
}
