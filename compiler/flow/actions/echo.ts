/** `<echo mime status>TEXT</echo>` (actions.md ACT-echo-1..4): the body text is sent verbatim. */
import { bodyText } from '../body.js'
import { mimeAttribute, statusAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const ECHO: ActionEntry<'echo'> = {
  name: 'echo',
  inputs: (node) => [node.mime, node.status],
  lower(element, ctx, fields) {
    const mime = mimeAttribute(element, ctx)
    const status = statusAttribute(element, ctx, 'status')
    const body = bodyText(element, ctx)
    if (mime === undefined || status === undefined || !body) return undefined
    return { kind: 'echo', ...fields, text: body.text, mime, status }
  },
}
