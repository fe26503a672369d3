/**
 * `<pass-body request mime status/>` (actions.md ACT-pass-body-1..4): all three dyn; `request` names
 * the stored upstream body (`main` when absent), `mime` and `status` as for `echo` (F-RESP-2, F-RESP-5).
 */
import { checkEmptyBody } from '../body.js'
import { dynamicAttribute, mimeAttribute, statusAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const PASS_BODY: ActionEntry<'pass-body'> = {
  name: 'pass-body',
  inputs: (node) => [node.request, node.mime, node.status],
  lower(element, ctx, fields) {
    const request = dynamicAttribute(element, ctx, 'request')
    const mime = mimeAttribute(element, ctx)
    const status = statusAttribute(element, ctx, 'status')
    const empty = checkEmptyBody(element, ctx)
    if (request === undefined || mime === undefined || status === undefined || !empty) return undefined
    return { kind: 'pass-body', ...fields, request, mime, status }
  },
}
