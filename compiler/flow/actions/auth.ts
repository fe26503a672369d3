/**
 * `<auth><user name pass/>…</auth>` (actions.md ACT-auth-1; flows.md F-DOC-7 "special" body): only
 * `user` elements (white space and comments aside), at least one; each `user` is empty, with a dyn
 * `name` (the empty name when absent) and a required dyn `pass` that is not statically empty.
 */
import type { AuthUserNode } from '../../ir/gateway-actions.js'
import { checkAttributeNames } from '../attributes.js'
import { checkContainerText, checkEmptyBody } from '../body.js'
import { staticText } from '../dynamic-value.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { dynamicAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const AUTH: ActionEntry<'auth'> = {
  name: 'auth',
  inputs: (node) => node.users.flatMap((user) => [user.name, user.pass]),
  lower(element, ctx, fields) {
    checkContainerText(element, ctx)
    let ok = true
    const users: AuthUserNode[] = []
    for (const child of element.children) {
      if (child.namespaced) {
        ok = false // already reported (F-DOC-3)
      } else if (child.name !== 'user') {
        ctx.bag.error(
          'flow/invalid-content',
          ctx.elementLoc(child),
          `<auth> may only contain <user> elements, not <${child.name}>`,
        )
        ok = false
      } else {
        const user = lowerUser(child, ctx)
        if (user) users.push(user)
        else ok = false
      }
    }
    if (ok && users.length === 0) {
      ctx.bag.error('flow/invalid-content', fields.loc, '<auth> needs at least one <user name="..." pass="..."/>')
      ok = false
    }
    return ok ? { kind: 'auth', ...fields, users } : undefined
  },
}

function lowerUser(element: XmlElement, ctx: LowerContext): AuthUserNode | undefined {
  const attributesOk = checkAttributeNames(element, ctx, ['name', 'pass'], ['pass'])
  const name = dynamicAttribute(element, ctx, 'name')
  const pass = dynamicAttribute(element, ctx, 'pass')
  const empty = checkEmptyBody(element, ctx)
  if (!attributesOk || name === undefined || !pass || !empty) return undefined
  if (staticText(pass) === '') {
    ctx.bag.error('flow/invalid-attribute', pass.loc, 'pass of <user> must not be empty')
    return undefined
  }
  return { loc: ctx.elementLoc(element), name, pass }
}
