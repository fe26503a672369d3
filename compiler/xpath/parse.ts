/**
 * Parsing one embedded expression (xpath-functions.md XC-1, templates.md T-ERR-4, flows.md F-DOC-9):
 * syntax errors are reported at the offending position mapped through the SubSource, with the
 * parser's short reason.
 */
import { parseExpressionText } from '../../runtime/xpath/ast/parse.js'
import type { XqxNode } from '../../runtime/xpath/ast/xqx-node.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { subLoc, type SubSource } from '../diagnostics/source.js'

/** The expression tree, or undefined after reporting an `xpath/syntax` error. */
export function parseXPath(sub: SubSource, bag: DiagnosticBag): XqxNode | undefined {
  const parsed = parseExpressionText(sub.text)
  if (parsed.ok) return parsed.ast
  bag.error('xpath/syntax', subLoc(sub, parsed.offset), `syntax error in expression: ${parsed.reason}`)
  return undefined
}
