/**
 * `set-config` (actions.md ACT-set-config-1..3): the checked settings become a hoisted
 * `SETTINGS_n = Object.freeze([{ path, attributes }])`; the action is `setConfig(ctx, SETTINGS_n)`.
 */
import { joinCode, js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'

export const emitSetConfig: ActionEmitter<'set-config'> = (node, ctx) => {
  const settings = node.settings.map((setting) => {
    const attributes = joinCode(
      setting.attributes.map(([name, value]) => js`${lit(name)}: ${lit(value)}`),
      ', ',
    )
    return js`{ path: ${lit(setting.path)}, attributes: {${setting.attributes.length === 0 ? js`` : js` ${attributes} `}} }`
  })
  const constant = ctx.hoist('SETTINGS', js`Object.freeze([${joinCode(settings, ', ')}])`)
  return { code: js`${ctx.runtime('setConfig')}(ctx, ${constant})`, terminates: false, declares: false }
}
