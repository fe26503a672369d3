/**
 * `json-stringify(value, pretty = false())` (xpath-functions.md FN-json-stringify-1..3): the first
 * item as JSON text by the typed-output rules (templates.md T-OUT-2..T-OUT-9; nodes by oxn.md OXN-R),
 * the empty sequence as `null`; compact, or laid out as `JSON.stringify(value, null, 2)` with number
 * literals kept. Never fails: Decided, a value that cannot be written as JSON (a map member of
 * several items) gives `null` with an RW.
 */
import { effectiveBooleanValue, prettyJson, renderSequenceJson, XPathValueError } from '../../oxn/index.js'
import { toSequence, type Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'

export function xpJsonStringify(call: FunctionCall, value: Value, pretty?: Value): string {
  let compact: string
  try {
    compact = renderSequenceJson(toSequence(value), 'first')
  } catch (error) {
    if (!(error instanceof XPathValueError)) throw error
    warn(call, 'json-stringify', error.message)
    compact = 'null'
  }
  return pretty !== undefined && effectiveBooleanValue(pretty) ? prettyJson(compact) : compact
}
