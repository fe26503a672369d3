/**
 * `test-request` (actions.md ACT-test-request-1..5): `await testRequest(ctx, at, dir,
 * templateJson(ctx, TEMPLATE_n))`; `dir` is the test file's directory (relative body sources).
 */
import { js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'

export const emitTestRequest: ActionEmitter<'test-request'> = (node, ctx) => {
  const at = ctx.at(node.loc)
  const template = emitTemplate(node.template, ctx, { at, action: 'test-request' })
  const config = js`${ctx.runtime('templateJson')}(ctx, ${template})`
  return {
    code: js`await ${ctx.runtime('testRequest')}(ctx, ${lit(at)}, ${lit(node.dir)}, ${config})`,
    terminates: false,
    declares: false,
  }
}
