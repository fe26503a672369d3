/** `<set-status code/>` (actions.md ACT-set-status-1..3): `code` required and dyn; static invalid values warn. */
import { checkEmptyBody } from '../body.js'
import { statusAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const SET_STATUS: ActionEntry<'set-status'> = {
  name: 'set-status',
  inputs: (node) => [node.code],
  lower(element, ctx, fields) {
    const code = statusAttribute(element, ctx, 'code')
    const empty = checkEmptyBody(element, ctx)
    if (!code || !empty) return undefined
    return { kind: 'set-status', ...fields, code }
  },
}
