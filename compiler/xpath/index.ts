/**
 * The expression stage (xpath-functions.md sections 1-12, flows.md F-EXPR-1): expression text from a
 * SubSource -> XPathNode. Syntax (XC-1) and function (XC-2, XC-3, XC-10) errors become diagnostics;
 * the plan is the fast path for the simple subset, else the engine with the rewritten text.
 */
import { subLoc, type SubSource } from '../diagnostics/source.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { XPathNode, XPathPlan } from '../ir/xpath.js'
import { freeVariables, printXPath, rewriteExpression } from '../../runtime/xpath/index.js'
import { checkFunctions } from './check-functions.js'
import { fastExpression } from './fast-path.js'
import { parseXPath } from './parse.js'

/** Parses and checks an expression; undefined (after reporting) when it has errors. */
export function parseExpression(sub: SubSource, bag: DiagnosticBag): XPathNode | undefined {
  const start = Math.max(0, sub.text.search(/\S/))
  const end = sub.text.trimEnd().length
  const loc = subLoc(sub, start, Math.max(start, end))
  const ast = parseXPath(sub, bag)
  if (ast === undefined) return undefined
  if (!checkFunctions(ast, loc, bag)) return undefined
  const text = printXPath(rewriteExpression(ast))
  const fast = fastExpression(ast)
  const plan: XPathPlan = fast ? { tier: 'fast', expr: fast, text } : { tier: 'engine', text }
  return { kind: 'xpath', loc, source: sub.text, variables: freeVariables(ast), plan }
}

export { fastExpression } from './fast-path.js'
