/** `<eval out="$x">EXPR</eval>` (actions.md ACT-eval-1..3): an expression body, optional `out` variable. */
import { bodyText } from '../body.js'
import { lowerExpression } from '../expression.js'
import { variableAttribute } from '../values.js'
import type { ActionEntry } from './types.js'

export const EVAL: ActionEntry<'eval'> = {
  name: 'eval',
  inputs: (node) => [node.expr],
  lower(element, ctx, fields) {
    const out = variableAttribute(element, ctx, 'out')
    const body = bodyText(element, ctx)
    const expr = body && lowerExpression(body, ctx, fields.loc, '<eval>')
    if (out === undefined || !expr) return undefined
    return { kind: 'eval', ...fields, out, expr }
  },
}
