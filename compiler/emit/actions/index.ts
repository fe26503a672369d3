/**
 * ACTION_EMITTERS: one emitter per action kind of compiler/ir/statements.ts, as a mapped type so a
 * kind without an emitter is a type error.
 */
import type { ActionKind } from '../../ir/statements.js'
import { emitAssert } from './assert.js'
import { emitAuth } from './auth.js'
import { emitCopy } from './copy.js'
import { emitDebug } from './debug.js'
import { emitDump } from './dump.js'
import { emitEcho } from './echo.js'
import { emitError } from './error.js'
import { emitEval } from './eval.js'
import { emitLog } from './log.js'
import { emitNameshave } from './nameshave.js'
import { emitPassBody } from './pass-body.js'
import { emitProxyRequest } from './proxy-request.js'
import { emitRegex } from './regex.js'
import { emitRequest } from './request.js'
import { emitRequests } from './requests.js'
import { emitServe } from './serve.js'
import { emitSetConfig } from './set-config.js'
import { emitSetEnv } from './set-env.js'
import { emitSetResponseHeaders } from './set-response-headers.js'
import { emitSetStatus } from './set-status.js'
import { emitSubFlow } from './sub-flow.js'
import { emitTemplateAction } from './template.js'
import { emitTestRequest } from './test-request.js'
import type { ActionEmitter } from './types.js'
import { emitXslt } from './xslt.js'

export type { ActionCode, ActionEmitter } from './types.js'

/** The registry's type: one emitter per action kind, each for its own kind. */
export type ActionEmitterRegistry = { readonly [K in ActionKind]: ActionEmitter<K> }

export const ACTION_EMITTERS: ActionEmitterRegistry = {
  eval: emitEval,
  echo: emitEcho,
  dump: emitDump,
  'set-status': emitSetStatus,
  'sub-flow': emitSubFlow,
  template: emitTemplateAction,
  'set-response-headers': emitSetResponseHeaders,
  log: emitLog,
  request: emitRequest,
  requests: emitRequests,
  'proxy-request': emitProxyRequest,
  error: emitError,
  copy: emitCopy,
  regex: emitRegex,
  nameshave: emitNameshave,
  'pass-body': emitPassBody,
  serve: emitServe,
  xslt: emitXslt,
  auth: emitAuth,
  'set-config': emitSetConfig,
  debug: emitDebug,
  assert: emitAssert,
  'set-env': emitSetEnv,
  'test-request': emitTestRequest,
}
