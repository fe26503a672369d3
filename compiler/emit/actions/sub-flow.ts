/**
 * `sub-flow` (actions.md ACT-sub-flow-2..4): runs the called flow one level deeper; its BREAK ends
 * the caller too (F-CTL-7), its CONTINUE (end or `return`) continues after the action (F-CTL-8).
 */
import { js, lit } from '../code.js'
import type { ActionEmitter } from './types.js'

export const emitSubFlow: ActionEmitter<'sub-flow'> = (node, ctx) => {
  const flow = ctx.flowFunction(node.path)
  const BREAK = ctx.runtime('BREAK')
  const call = js`await ${ctx.runtime('subFlow')}(ctx, ${flow}, ${lit(ctx.at(node.loc))})`
  return { code: js`if ((${call}) === ${BREAK}) return ${BREAK}`, terminates: false, declares: false }
}
