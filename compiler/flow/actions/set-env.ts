/**
 * `<set-env>JSON-OBJECT</set-env>` (actions.md ACT-set-env-1, ACT-set-env-2): no attributes of its
 * own. A static body must be an object whose values are strings, numbers, booleans or null (CE at the
 * offending member); a dynamic one is checked when it runs (RF).
 */
import { checkEnvOverrides } from '../../../runtime/testing/env-overrides.js'
import { staticJsonLocator } from './static-json.js'
import { checkStaticObject, optionalBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const SET_ENV: ActionEntry<'set-env'> = {
  name: 'set-env',
  inputs: (node) => [node.template],
  lower(element, ctx, fields) {
    const template = optionalBody(element, ctx)
    if (template === undefined || !checkStaticObject(template, element, ctx)) return undefined
    if (template.isStatic) {
      const checked = checkEnvOverrides(template.staticJson!)
      if (!checked.ok) {
        const loc = staticJsonLocator(element, ctx, template).loc(checked.key === null ? [] : [checked.key])
        ctx.bag.error('flow/invalid-set-env', loc, `<set-env>: ${checked.message}`)
        return undefined
      }
    }
    return { kind: 'set-env', ...fields, template }
  },
}
