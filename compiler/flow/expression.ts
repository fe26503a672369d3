/**
 * Embedded expressions (flows.md F-EXPR-1, F-DOC-9): empty ones are a CE here; everything else is
 * compiler/xpath's job, which reports at the expression's own positions through the SubSource.
 */
import type { Loc, SubSource } from '../diagnostics/source.js'
import type { XPathNode } from '../ir/xpath.js'
import type { LowerContext } from './lower-context.js'
import { firstNonWhitespace } from './xml-text.js'

/**
 * Parses an expression; `emptyLoc` and `what` (e.g. `test attribute of <if>`) describe where an
 * empty expression is reported.
 */
export function lowerExpression(sub: SubSource, ctx: LowerContext, emptyLoc: Loc, what: string): XPathNode | undefined {
  if (firstNonWhitespace(sub.text) < 0) {
    ctx.bag.error('flow/empty-expression', emptyLoc, `empty expression in ${what}`)
    return undefined
  }
  return ctx.options.parseExpression(sub, ctx.bag)
}
