/**
 * XC-7 (xpath-functions.md section 11, XP-VAR-3): a variable that an expression reads but that nothing
 * ever sets (no `out` anywhere in the project, not predefined, flows.md F-VAR-7) is a CW at the
 * expression, with a near-miss suggestion: `variable $reqeust is never set; did you mean $request?`.
 */
import { suggestBest } from '../diagnostics/did-you-mean.js'
import type { ProjectRule } from './rule.js'
import { forEachExpression, forEachStatement } from './walk.js'

/** Predefined variables (flows.md F-VAR-7). */
export const PREDEFINED_VARIABLES = ['body', 'env', 'request', 'server', 'upstream', 'error'] as const

export const UNSET_VARIABLE_RULE: ProjectRule = {
  id: 'XC-7',
  check(flows, bag, facts) {
    const set = new Set<string>([...PREDEFINED_VARIABLES, ...facts.setElsewhere])
    for (const flow of flows.values()) {
      for (const name of flow.assigned ?? []) set.add(name)
      forEachStatement(flow.body, (statement) => {
        if (statement.kind === 'eval' && statement.out) set.add(statement.out.name)
      })
    }
    for (const flow of flows.values()) {
      forEachExpression(flow.body, (expr) => {
        for (const name of expr.variables) {
          if (set.has(name)) continue
          const hint = suggestBest(name, set, (candidate) => `$${candidate}`)
          bag.warning('xpath/unset-variable', expr.loc, `variable $${name} is never set${hint.suffix}`, hint.names)
        }
      })
    }
  },
}
