/**
 * ACTION_EMITTERS: one emitter per action kind of compiler/ir/statements.ts, as a mapped type so a
 * kind without an emitter is a type error.
 */
import type { ActionKind } from '../../ir/statements.js'
import { emitDump } from './dump.js'
import { emitEcho } from './echo.js'
import { emitEval } from './eval.js'
import { emitSetStatus } from './set-status.js'
import { emitSubFlow } from './sub-flow.js'
import type { ActionEmitter } from './types.js'

export type { ActionCode, ActionEmitter } from './types.js'

export const ACTION_EMITTERS: { readonly [K in ActionKind]: ActionEmitter<K> } = {
  eval: emitEval,
  echo: emitEcho,
  dump: emitDump,
  'set-status': emitSetStatus,
  'sub-flow': emitSubFlow,
}
