/**
 * ACTIONS: one entry per action of compiler/ir/statements.ts (a kind left out is a type error),
 * holding everything the compiler knows about it besides its emitter: element name, attributes,
 * whether it is a test action, the parser, and the parts of its node that the build-time checks and
 * the read analysis walk (flows.md F-DOC-5, actions.md).
 */
import type { ActionInput, ActionKind, ActionNode } from '../../ir/statements.js'
import { ASSERT } from './assert.js'
import { AUTH } from './auth.js'
import { COPY } from './copy.js'
import { DEBUG } from './debug.js'
import { DUMP } from './dump.js'
import { ECHO } from './echo.js'
import { ERROR } from './error.js'
import { EVAL } from './eval.js'
import { LOG } from './log.js'
import { NAMESHAVE } from './nameshave.js'
import { PASS_BODY } from './pass-body.js'
import { PROXY_REQUEST } from './proxy-request.js'
import { REGEX } from './regex.js'
import { REQUEST } from './request.js'
import { REQUESTS } from './requests.js'
import { SERVE } from './serve.js'
import { SET_CONFIG } from './set-config.js'
import { SET_ENV } from './set-env.js'
import { SET_RESPONSE_HEADERS } from './set-response-headers.js'
import { SET_STATUS } from './set-status.js'
import { SUB_FLOW } from './sub-flow.js'
import { TEMPLATE } from './template.js'
import { TEST_REQUEST } from './test-request.js'
import type { ActionEntry, DataLocations } from './types.js'
import { XSLT } from './xslt.js'

export type { ActionEntry, ActionFields, DataLocations } from './types.js'

/** The registry's type: one entry per action kind, each for its own kind. */
export type ActionRegistry = { readonly [K in ActionKind]: ActionEntry<K> }

export const ACTIONS: ActionRegistry = {
  eval: EVAL,
  echo: ECHO,
  dump: DUMP,
  'set-status': SET_STATUS,
  'sub-flow': SUB_FLOW,
  template: TEMPLATE,
  'set-response-headers': SET_RESPONSE_HEADERS,
  log: LOG,
  request: REQUEST,
  requests: REQUESTS,
  'proxy-request': PROXY_REQUEST,
  error: ERROR,
  copy: COPY,
  regex: REGEX,
  nameshave: NAMESHAVE,
  'pass-body': PASS_BODY,
  serve: SERVE,
  xslt: XSLT,
  auth: AUTH,
  'set-config': SET_CONFIG,
  debug: DEBUG,
  assert: ASSERT,
  'set-env': SET_ENV,
  'test-request': TEST_REQUEST,
}

/** The entry of an element name, or undefined when it names no action. */
export function actionEntry(name: string): ActionEntry<ActionKind> | undefined {
  return Object.hasOwn(ACTIONS, name) ? (ACTIONS[name as ActionKind] as ActionEntry<ActionKind>) : undefined
}

/** The entries of all actions, in code point order of their names. */
export function actionEntries(): ActionEntry<ActionKind>[] {
  return (Object.keys(ACTIONS) as ActionKind[]).sort().map((kind) => ACTIONS[kind] as ActionEntry<ActionKind>)
}

/** The parts of an action node that its run reads (its entry's `inputs`), the `if` attribute first. */
export function actionInputs(node: ActionNode): ActionInput[] {
  const entry = ACTIONS[node.kind] as ActionEntry<typeof node.kind>
  return [node.condition, ...entry.inputs(node)]
}

/** Locations named in the node's run-time data (its entry's `dataLocations`). */
export function actionDataLocations(node: ActionNode): DataLocations {
  const entry = ACTIONS[node.kind] as ActionEntry<typeof node.kind>
  return entry.dataLocations?.(node) ?? []
}
