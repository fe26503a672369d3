/**
 * ACTION_PARSERS: one parser per implemented action (a kind left out is a type error). Actions of
 * flows.md F-DOC-5 not listed here are recognised and rejected as not implemented yet.
 */
import type { ActionKind } from '../../ir/statements.js'
import { DUMP } from './dump.js'
import { ECHO } from './echo.js'
import { EVAL } from './eval.js'
import { SET_STATUS } from './set-status.js'
import { SUB_FLOW } from './sub-flow.js'
import type { ActionSyntax } from './types.js'

export type { ActionFields, ActionSyntax } from './types.js'

export const ACTION_PARSERS: { readonly [K in ActionKind]: ActionSyntax<K> } = {
  eval: EVAL,
  echo: ECHO,
  dump: DUMP,
  'set-status': SET_STATUS,
  'sub-flow': SUB_FLOW,
}

export function isImplementedAction(name: string): name is ActionKind {
  return Object.hasOwn(ACTION_PARSERS, name)
}
