/**
 * Test helpers for the flow stage: a stand-in expression parser (so flow tests do not depend on
 * compiler/xpath internals) and compiling a flow from a string with formatted diagnostics.
 */
import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { subLoc, type SubSource } from '../../../../compiler/diagnostics/source.js'
import { type CompiledFlowFile, compileFlowFile } from '../../../../compiler/flow/load-flows.js'
import type { XPathNode } from '../../../../compiler/ir/xpath.js'

export const SITE = '/site'

/**
 * Parses nothing: the expression is kept as engine text. `@` starts a syntax error at its position
 * (so tests can pin where an error inside an attribute lands); `$name` references are collected
 * (each read whole).
 */
export function stubParseExpression(sub: SubSource, bag: DiagnosticBag): XPathNode | undefined {
  const start = sub.text.search(/\S/)
  const bad = sub.text.indexOf('@')
  if (bad >= 0) {
    bag.error('xpath/syntax', subLoc(sub, bad), 'syntax error in expression: unexpected @')
    return undefined
  }
  const variables = [...new Set([...sub.text.matchAll(/\$([A-Za-z_][A-Za-z0-9_-]*)/g)].map((m) => m[1]!))]
  const uses = { steps: [], whole: variables, climbs: false, dynamic: false }
  return {
    kind: 'xpath',
    loc: subLoc(sub, start),
    source: sub.text,
    variables,
    uses,
    plan: { tier: 'engine', text: sub.text.trim() },
  }
}

export interface Compiled extends CompiledFlowFile {
  /** Diagnostics as printed (frames off, paths relative to the site root), without the summary. */
  readonly lines: string[]
}

export function compileFlow(text: string, options: { path?: string; test?: boolean } = {}): Compiled {
  const bag = new DiagnosticBag()
  const path = `${SITE}/${options.path ?? 'flows/f.xml'}`
  const result = compileFlowFile(
    path,
    text,
    { siteRoot: SITE, parseExpression: stubParseExpression, test: options.test ?? false },
    bag,
  )
  return { ...result, lines: reportLines(bag, SITE) }
}

export function reportLines(bag: DiagnosticBag, cwd: string): string[] {
  return formatReport(bag.sorted(), { cwd, frames: false })
    .split('\n')
    .filter((line) => line !== '' && !/^\d+ errors?, \d+ warnings?$/.test(line))
}
