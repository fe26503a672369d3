/**
 * `svc-log(message)` (xpath-functions.md FN-svc-log-1; operations.md LG7, DB1): a debug message with
 * level `info` and topic `flow` (written when the debug configuration selects it), then `true()`, so
 * it fits in an `if` attribute.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import type { FunctionCall } from './call.js'

export function xpSvcLog(call: FunctionCall, message: Value): boolean {
  call.ctx.debug?.('info', 'flow', toXPathString(message))
  return true
}
