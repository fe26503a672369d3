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
import { LOG } from './log.js'
import { SET_RESPONSE_HEADERS } from './set-response-headers.js'
import { TEMPLATE } from './template.js'
import { PROXY_REQUEST } from './proxy-request.js'
import { REQUEST } from './request.js'
import { REQUESTS } from './requests.js'
import { ERROR } from './error.js'
import { COPY } from './copy.js'
import { REGEX } from './regex.js'
import { NAMESHAVE } from './nameshave.js'
import { PASS_BODY } from './pass-body.js'
import { SERVE } from './serve.js'
import { XSLT } from './xslt.js'
import { AUTH } from './auth.js'
import { SET_CONFIG } from './set-config.js'
import { DEBUG } from './debug.js'
import { ASSERT } from './assert.js'
import { SET_ENV } from './set-env.js'
import { TEST_REQUEST } from './test-request.js'
import type { ActionSyntax } from './types.js'

export type { ActionFields, ActionSyntax } from './types.js'

export const ACTION_PARSERS: { readonly [K in ActionKind]: ActionSyntax<K> } = {
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

export function isImplementedAction(name: string): name is ActionKind {
  return Object.hasOwn(ACTION_PARSERS, name)
}
