/** The shape of a project-wide check (style: one `*-rule.ts` per check, all in RULES). */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { FlowNode } from '../ir/flow.js'

/** What the checks know beyond the flows. */
export interface ProjectFacts {
  /** Variables set outside flows (security scheme `out-var`s, security.md J11), without `$`. */
  readonly setElsewhere: readonly string[]
}

export interface ProjectRule {
  /** The spec rule it implements. */
  readonly id: string
  /** Adds diagnostics; never changes the IR. */
  check(flows: ReadonlyMap<string, FlowNode>, bag: DiagnosticBag, facts: ProjectFacts): void
}
