/** `<dump in mime status minify/>` (actions.md ACT-dump-1..5); `minify` is checked and ignored (ACT-dump-4). */
import { checkEmptyBody } from '../body.js'
import { booleanAttribute, locationAttribute, mimeAttribute, statusAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const DUMP: ActionEntry<'dump'> = {
  name: 'dump',
  inputs: (node) => [node.input, node.mime, node.status],
  lower(element, ctx, fields) {
    const input = locationAttribute(element, ctx, 'in')
    const mime = mimeAttribute(element, ctx)
    const status = statusAttribute(element, ctx, 'status')
    const minify = booleanAttribute(element, ctx, 'minify')
    const empty = checkEmptyBody(element, ctx)
    if (input === undefined || mime === undefined || status === undefined || minify === undefined || !empty)
      return undefined
    return { kind: 'dump', ...fields, input: input ?? { kind: 'main-content', loc: fields.loc }, mime, status }
  },
}
