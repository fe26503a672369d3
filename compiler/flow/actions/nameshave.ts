/** `<nameshave in out/>` (actions.md ACT-nameshave-1..4): an XML input, written without namespaces. */
import { checkEmptyBody } from '../body.js'
import { inputLocation, outputLocation } from './output-location.js'
import type { ActionEntry } from './types.js'

export const NAMESHAVE: ActionEntry<'nameshave'> = {
  name: 'nameshave',
  inputs: (node) => [node.input],
  lower(element, ctx, fields) {
    const input = inputLocation(element, ctx)
    const output = outputLocation(element, ctx)
    const empty = checkEmptyBody(element, ctx)
    if (input === undefined || output === undefined || !empty) return undefined
    return { kind: 'nameshave', ...fields, input, output }
  },
}
