/**
 * The build-time XSLT stage (actions.md ACT-xslt-1; architecture: stylesheets are compiled once):
 * every stylesheet of the project's `xslt` actions becomes an SEF file (the engine's compiled form),
 * one `xslt3` process per stylesheet, several at a time. SEF files embed their build time, so they
 * are cached by the stylesheet's hash (compiler version, module paths and texts): the same sources
 * give byte-identical output (operations.md CL2). A stylesheet the compiler refuses is a CE in the
 * stylesheet. Returns the SEF texts by their file name in the output folder.
 */
import { availableParallelism } from 'node:os'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { StylesheetNode, XsltNode } from '../ir/content-actions.js'
import type { FlowNode } from '../ir/flow.js'
import type { StatementNode } from '../ir/statements.js'
import { StylesheetCache } from './stylesheet-cache.js'
import { runXslt3, xsltCompilerVersion } from './xslt3.js'
import { stylesheetProblem } from './xslt3-errors.js'

/** SEF texts by file name in the output folder (`xslt/<name>-<hash>.sef.json`). */
export type CompiledStylesheets = ReadonlyMap<string, string>

export interface StylesheetOptions {
  /** Cache folder; default: see StylesheetCache. */
  readonly cacheDir?: string | undefined
}

/** Compiles the stylesheets of all flows; problems go into the bag. */
export async function compileStylesheets(
  flows: ReadonlyMap<string, FlowNode>,
  bag: DiagnosticBag,
  options: StylesheetOptions = {},
): Promise<CompiledStylesheets> {
  const actions = xsltActions(flows)
  const compiled = new Map<string, string>()
  if (actions.length === 0) return compiled
  if (xsltCompilerVersion() === undefined) {
    bag.error(
      'xslt/compiler-missing',
      actions[0]!.stylesheet.loc,
      'xslt needs the optional packages xslt3 and saxon-js, which are not installed',
    )
    return compiled
  }
  const unique = new Map<string, XsltNode>()
  for (const action of actions) if (!unique.has(action.stylesheet.hash)) unique.set(action.stylesheet.hash, action)
  const cache = new StylesheetCache(options.cacheDir)
  const queue = [...unique.values()]
  const worker = async (): Promise<void> => {
    for (let action = queue.shift(); action !== undefined; action = queue.shift()) {
      const text = await compileOne(action, cache, bag)
      if (text !== undefined) compiled.set(action.stylesheet.sef, text)
    }
  }
  await Promise.all(Array.from({ length: Math.min(queue.length, availableParallelism()) }, worker))
  return new Map([...compiled].sort(([a], [b]) => (a < b ? -1 : 1)))
}

async function compileOne(action: XsltNode, cache: StylesheetCache, bag: DiagnosticBag): Promise<string | undefined> {
  const stylesheet: StylesheetNode = action.stylesheet
  const cached = cache.read(stylesheet.hash)
  if (cached !== undefined) return cached
  const target = cache.temporaryFile(stylesheet.hash)
  const run = await runXslt3(stylesheet.modules[0]!.path, target)
  if (run.status === 0) {
    const text = cache.commit(stylesheet.hash, target)
    if (text !== undefined) return text
  } else cache.discard(target)
  const srcLoc = stylesheet.loc
  const problem = stylesheetProblem(run.stderr, stylesheet.modules, srcLoc)
  const related = problem.loc === srcLoc ? undefined : [{ message: `stylesheet used by <xslt> here`, loc: srcLoc }]
  bag.error('xslt/stylesheet-error', problem.loc, problem.message, related)
  return undefined
}

/** Every `xslt` action of the flows, in flow and document order. */
function xsltActions(flows: ReadonlyMap<string, FlowNode>): XsltNode[] {
  const out: XsltNode[] = []
  const visit = (statements: readonly StatementNode[]): void => {
    for (const statement of statements) {
      if (statement.kind === 'xslt') out.push(statement)
      else if (statement.kind === 'if') {
        for (const branch of statement.branches) visit(branch.body)
        if (statement.otherwise) visit(statement.otherwise.body)
      } else if (statement.kind === 'backend-flow') visit(statement.body)
    }
  }
  for (const flow of flows.values()) visit(flow.body)
  return out
}
