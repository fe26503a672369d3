/**
 * `get-log()` (xpath-functions.md FN-get-log-1; operations.md LG3; actions.md ACT-log-5): an OXN object
 * of the access-log fields known so far: the system fields already determined, in the order of the
 * LG3 table (`requestID`, `url`, `path`, `method`, `agent`, `referrer`, `requestbytes`,
 * `requestmime`; the status, response fields and timings are not known yet and are absent), then the
 * custom fields registered by `log` actions in registration order. Outside a client request only
 * `requestID` is known; in a svc-test flow after a `test-request`, the fields of that request's access
 * log line (operations.md TS6).
 */
import { type OxnElement, oxnRoot } from '../../oxn/index.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import type { FunctionCall } from './call.js'

export function xpGetLog(call: FunctionCall): OxnElement {
  const ctx = call.ctx
  // svc-test (operations.md TS6): after a test-request, the test flow sees that request's access-log fields
  const tested = ctx.request === null ? ctx.gateway.testRun?.accessLog : undefined
  if (tested != null) return oxnRoot(tested)
  const keys: string[] = ['requestID']
  const values: JsonValue[] = [ctx.requestId]
  const request = ctx.request
  if (request !== null) {
    const add = (key: string, value: JsonValue): void => {
      keys.push(key)
      values.push(value)
    }
    add('url', request.url)
    add('path', request.query === null ? request.path : `${request.path}?${request.query}`)
    add('method', request.method)
    add('agent', request.headers.get('user-agent') ?? '')
    add('referrer', request.headers.get('referer') ?? '')
    add('requestbytes', new JsonNumber(String(request.body.bytes.length)))
    add('requestmime', request.headers.get('content-type') ?? '')
  }
  const custom = ctx.logFields
  if (custom !== null) {
    for (let i = 0; i < custom.keys.length; i++) {
      if (keys.includes(custom.keys[i]!)) continue
      keys.push(custom.keys[i]!)
      values.push(custom.values[i]!)
    }
  }
  return oxnRoot(new JsonObject(keys, values))
}
