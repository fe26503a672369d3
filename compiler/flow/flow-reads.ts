/**
 * What one flow body reads by name (flows.md F-VAR-7, F-LOC-1), stored in its FlowNode for the
 * emitter (`$request`/`$upstream` building, UP-GEN-6 streaming): the expressions, `{expr}` values,
 * input locations and templates of every statement (each action's ACTIONS `inputs`), and the
 * locations named in request configurations (UP-BODY-3, the entries' `dataLocations`).
 * Conservative where a name is only known at run time: a computed location (F-LOC-1), a computed
 * `sort()` key (FN-sort-2) or a computed request configuration counts as reading every variable.
 * Comments and other text of the flow file play no part.
 */
import type { ActionInput, StatementNode } from '../ir/statements.js'
import { VariableUsesBuilder } from '../ir/variable-uses-builder.js'
import type { VariableUses } from '../ir/xpath.js'
import { dataLocationsOf, expressionsOfInput, forEachStatement, inputsOf } from './statement-inputs.js'

export function flowReads(body: readonly StatementNode[]): VariableUses {
  const uses = new VariableUsesBuilder()
  const input = (part: ActionInput) => {
    if (part?.kind === 'variable') uses.addWhole(part.name)
    else if (part?.kind === 'dynamic') uses.readsAnything()
    for (const expr of expressionsOfInput(part)) uses.add(expr.uses)
  }
  forEachStatement(body, (statement) => {
    for (const part of inputsOf(statement)) input(part)
    const locations = dataLocationsOf(statement)
    if (locations === 'computed') uses.readsAnything()
    // F-LOC-1: `$name` is the one form of a location that names a variable
    else for (const location of locations) if (location.startsWith('$')) uses.addWhole(location.slice(1))
  })
  return uses.build()
}
