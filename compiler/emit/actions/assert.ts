/**
 * `assert` (actions.md ACT-assert-1..5): a static body becomes one hoisted `ASSERTION_n` constant per
 * assertion (its compiled expression, expected value and message) and
 * `assert(ctx, at, dir, [ASSERTION_1, ...])`; a dynamic body is rendered, checked and
 * compiled at run time by `checkAssertionTemplate(ctx, at, dir, TEMPLATE_n)`.
 */
import type { AssertionNode } from '../../ir/test-actions.js'
import { joinCode, js, type JsonLiteral, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import { emitExpression } from './expression.js'
import type { ActionEmitter } from './types.js'

export const emitAssert: ActionEmitter<'assert'> = (node, ctx) => {
  const at = ctx.at(node.loc)
  if (node.assertions === null) {
    const template = emitTemplate(node.template!, ctx, { at, action: 'assert' })
    return {
      code: js`${ctx.runtime('checkAssertionTemplate')}(ctx, ${lit(at)}, ${lit(node.dir)}, ${template})`,
      terminates: false,
      declares: false,
    }
  }
  const names = node.assertions.map((assertion) => {
    const expression = emitExpression(assertion.expr, ctx, { at: ctx.at(assertion.loc), action: 'assert' })
    const type = ctx.runtimeType('Assertion')
    return ctx.hoist(
      'ASSERTION',
      js`Object.freeze<${type}>({ expression: ${expression}, expected: ${lit(expectedLiteral(assertion.expected))}, message: ${lit(assertion.message)} })`,
    )
  })
  const list = js`[${joinCode(names, ', ')}]`
  return {
    code: js`${ctx.runtime('assert')}(ctx, ${lit(at)}, ${lit(node.dir)}, ${list})`,
    terminates: false,
    declares: false,
  }
}

/** The expected value as a literal; a flag object keeps its flags in written order. */
function expectedLiteral(expected: AssertionNode['expected']): JsonLiteral {
  if (expected === null || typeof expected !== 'object') return expected
  return Object.fromEntries(
    Object.entries(expected).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}
