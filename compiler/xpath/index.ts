/**
 * The expression stage (xpath-functions.md sections 1-12, flows.md F-EXPR-1): expression text from a
 * SubSource -> XPathNode. Syntax (XC-1), function (XC-2, XC-3, XC-10) and literal-argument (XC-4,
 * XC-5, XC-6, XC-8, XC-9) problems become diagnostics; the plan is the fast path for the simple
 * subset, else the engine with the rewritten text. `expressionParser` gives a parser that knows the
 * site root, for XC-6 (it looks files up while the flows are loaded).
 */
import { statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

import { freeVariables } from '../../runtime/xpath/ast/free-variables.js'
import { printXPath } from '../../runtime/xpath/ast/print.js'
import { rewriteExpression } from '../../runtime/xpath/ast/rewrite.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { subLoc, type SubSource } from '../diagnostics/source.js'
import type { XPathNode, XPathPlan } from '../ir/xpath.js'
import { checkFunctions } from './check-functions.js'
import { checkLiteralArguments, type ExpressionSite, type SiteEntry } from './check-literal-arguments.js'
import { fastExpression } from './fast-path.js'
import { parseXPath } from './parse.js'
import { variableUses } from './variable-uses.js'

export interface ExpressionOptions {
  /** Absolute site root; when given, literal file arguments are looked up (XC-6). */
  readonly siteRoot?: string
}

/** Parses and checks an expression; undefined (after reporting) when it has errors. */
export function parseExpression(
  sub: SubSource,
  bag: DiagnosticBag,
  options: ExpressionOptions = {},
): XPathNode | undefined {
  const start = Math.max(0, sub.text.search(/\S/))
  const end = sub.text.trimEnd().length
  const loc = subLoc(sub, start, Math.max(start, end))
  const ast = parseXPath(sub, bag)
  if (ast === undefined) return undefined
  if (!checkFunctions(ast, loc, bag)) return undefined
  const site = options.siteRoot === undefined ? undefined : expressionSite(options.siteRoot, sub)
  if (!checkLiteralArguments(ast, sub, loc, bag, site)) return undefined
  const text = printXPath(rewriteExpression(ast))
  const fast = fastExpression(ast)
  const plan: XPathPlan = fast ? { tier: 'fast', expr: fast, text } : { tier: 'engine', text }
  return { kind: 'xpath', loc, source: sub.text, variables: freeVariables(ast), uses: variableUses(ast), plan }
}

/** A parser for the flows of one site (XC-6 looks literal files up below `siteRoot`). */
export function expressionParser(
  options: ExpressionOptions,
): (sub: SubSource, bag: DiagnosticBag) => XPathNode | undefined {
  return (sub, bag) => parseExpression(sub, bag, options)
}

function expressionSite(siteRoot: string, sub: SubSource): ExpressionSite {
  const dir = relative(siteRoot, dirname(sub.file.path)).split('\\').join('/')
  return {
    dir: dir === '.' || dir.startsWith('..') ? '' : dir,
    probe: (sitePath): SiteEntry => {
      try {
        const stat = statSync(join(siteRoot, sitePath))
        return stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : null
      } catch {
        return null
      }
    },
  }
}

export { fastExpression } from './fast-path.js'
