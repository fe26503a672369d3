/**
 * The flow stage (architecture: load flows): flow files -> FlowNode per file, expressions parsed by
 * compiler/xpath. See load-flows.ts for the rules.
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { FlowRef } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import type { ProjectFiles } from '../project-files.js'
import { expressionParser } from '../xpath/index.js'
import { loadFlowsWith } from './load-flows.js'

export { compileFlowFile, loadFlowsWith, parseFlowBytes, type CompiledFlowFile } from './load-flows.js'
export type { ExpressionParser, LowerOptions, SubFlowRef } from './lower-context.js'

/** Reads, parses and lowers every flow the definition references, following `sub-flow` (F-DOC-10). */
export function loadFlows(
  refs: readonly FlowRef[],
  siteRoot: string,
  bag: DiagnosticBag,
  files?: ProjectFiles,
): ReadonlyMap<string, FlowNode> {
  return loadFlowsWith(refs, siteRoot, bag, expressionParser({ siteRoot }), files)
}
