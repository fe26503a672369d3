/**
 * Project-wide static checks (architecture: checks stage). Each rule lives in its own `*-rule.ts` and
 * is listed in RULES; checks only add diagnostics and never change the IR.
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { FlowNode } from '../ir/flow.js'
import type { ProjectFacts, ProjectRule } from './rule.js'
import { UNSET_VARIABLE_RULE } from './unset-variable-rule.js'

export type { ProjectFacts, ProjectRule } from './rule.js'
export { PREDEFINED_VARIABLES } from './unset-variable-rule.js'

export const RULES: readonly ProjectRule[] = [UNSET_VARIABLE_RULE]

/** Runs every rule over the compiled flows. */
export function checkProject(
  flows: ReadonlyMap<string, FlowNode>,
  bag: DiagnosticBag,
  facts: Partial<ProjectFacts> = {},
): void {
  const complete: ProjectFacts = { setElsewhere: facts.setElsewhere ?? [] }
  for (const rule of RULES) rule.check(flows, bag, complete)
}
