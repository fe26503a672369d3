/**
 * What the flow parser checks of an action's element, read from the one documentation table
 * (action-docs.ts): its own attributes, the required ones, and whether it is a test action.
 */
import type { ActionKind } from '../ir/statements.js'
import { ACTION_DOCS, COMMON_ATTRIBUTES } from './action-docs.js'

/** The action's own attribute names, without the common `if` and `debug` (ACT-COMMON-1). */
export function ownAttributes(kind: ActionKind): string[] {
  return Object.keys(ACTION_DOCS[kind].attributes).filter((name) => !(name in COMMON_ATTRIBUTES))
}

/** The attributes whose absence is a CE. */
export function requiredAttributes(kind: ActionKind): string[] {
  return Object.entries(ACTION_DOCS[kind].attributes)
    .filter(([, attribute]) => attribute.required === true)
    .map(([name]) => name)
}

/** A test action: allowed only in svc-test documents (flows.md F-DOC-5). */
export function isTestAction(kind: ActionKind): boolean {
  return ACTION_DOCS[kind].testOnly === true
}
