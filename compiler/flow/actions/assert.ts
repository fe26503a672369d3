/**
 * `<assert>JSON-ARRAY</assert>` (actions.md ACT-assert-1, ACT-assert-4): no attributes of its own. A
 * static body is checked now with the run time's own checker (runtime/testing/assertion-spec.ts) and
 * each expression is compiled like any expression, so a wrong shape, a bad compare flag or an
 * invalid expression is a CE at the offending value. A dynamic body is checked when it runs (RF).
 */
import { checkAssertionList } from '../../../runtime/testing/assertion-spec.js'
import { subSource } from '../../diagnostics/source.js'
import type { AssertionNode } from '../../ir/test-actions.js'
import { lowerExpression } from '../expression.js'
import { staticJsonLocator } from './static-json.js'
import { optionalBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const ASSERT: ActionEntry<'assert'> = {
  name: 'assert',
  inputs: (node) => [...(node.assertions ?? []).map((assertion) => assertion.expr), node.template],
  lower(element, ctx, fields) {
    const template = optionalBody(element, ctx)
    if (template === undefined) return undefined
    if (!template.isStatic) return { kind: 'assert', ...fields, assertions: null, template, dir: ctx.dir }
    if (template.staticError) {
      ctx.bag.error(
        'flow/invalid-assertion',
        template.staticError.loc,
        `the body of <assert> is not a JSON array: ${template.staticError.message}`,
      )
      return undefined
    }
    if (template.staticJson === undefined) {
      ctx.bag.error(
        'flow/invalid-assertion',
        ctx.elementLoc(element),
        'the body of <assert> must be a JSON array of assertions; it is empty',
      )
      return undefined
    }
    const where = staticJsonLocator(element, ctx, template)
    const checked = checkAssertionList(template.staticJson)
    if (!checked.ok) {
      const { path, message } = checked.problem
      ctx.bag.error('flow/invalid-assertion', where.loc(path), message.replace(/^the body /, 'the body of <assert> '))
      return undefined
    }
    const assertions: AssertionNode[] = []
    let failed = false
    checked.assertions.forEach((spec, i) => {
      const at = where.loc([i, 0])
      // without exact positions, every character of the expression is placed at the value
      const sub =
        where.stringSource([i, 0]) ??
        subSource(at.file, spec.expression, new Array<number>(spec.expression.length + 1).fill(at.start))
      const expr = lowerExpression(sub, ctx, at, `assertion ${i + 1}`)
      if (expr === undefined) failed = true
      else assertions.push({ loc: where.loc([i]), expr, expected: spec.expected, message: spec.message })
    })
    return failed ? undefined : { kind: 'assert', ...fields, assertions, template: null, dir: ctx.dir }
  },
}
