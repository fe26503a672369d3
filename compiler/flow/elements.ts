/**
 * The closed set of flow element names (flows.md F-DOC-4, F-DOC-5): actions and test actions (the
 * ACTIONS registry, told apart by the documentation table), `backend-flow`, and the control elements.
 */
import { isTestAction } from './action-facts.js'
import { actionEntries } from './actions/index.js'

/** Actions of actions.md, in code point order. */
export const ACTION_NAMES: readonly string[] = actionEntries()
  .filter((entry) => !isTestAction(entry.name))
  .map((entry) => entry.name)

/** Test actions: only inside `svc-test` documents (F-DOC-5); `backend-flow` holds statements of its own. */
export const TEST_ACTION_NAMES: readonly string[] = [
  ...actionEntries()
    .filter((entry) => isTestAction(entry.name))
    .map((entry) => entry.name),
  'backend-flow',
].sort()

export const CONTROL_NAMES = ['if', 'elseif', 'else', 'break', 'return'] as const

/** Every element name that may appear in a container. */
export const ELEMENT_NAMES: readonly string[] = [...ACTION_NAMES, ...TEST_ACTION_NAMES, ...CONTROL_NAMES]

export function isActionName(name: string): boolean {
  return ACTION_NAMES.includes(name)
}

export function isTestActionName(name: string): boolean {
  return TEST_ACTION_NAMES.includes(name)
}
