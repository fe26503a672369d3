/**
 * Alert lines (`svc_alert`, operations.md LG6, errors.md X17): `requestID` (with `traceID` and
 * `spanID` when traced, TR7), `topic`, `message`, `code`, `status`, `info`, `raised`, always written
 * whatever the debug level. Callers skip codes whose topic is none (errors.md section 3).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import type { Logger } from './logger.js'
import type { TraceIds } from './trace-ids.js'

export function writeAlert(
  logger: Logger,
  requestId: string | undefined,
  topic: string,
  error: JsonObject,
  raised: boolean,
  /** The request's span when it is traced (operations.md TR7). */
  span: TraceIds | null = null,
): void {
  const info = error.get('info')
  logger.write('svc_alert', {
    requestID: requestId,
    traceID: span?.traceId,
    spanID: span?.spanId,
    topic,
    message: plainValue(error.get('message')),
    code: plainValue(error.get('code')),
    status: plainValue(error.get('status')),
    info: Array.isArray(info) ? info.map(plainValue) : info === undefined ? [] : [plainValue(info)],
    raised,
  })
}

/** A JsonValue as a JSON.stringify-able value (numbers as doubles, objects in member order). */
export function plainValue(value: JsonValue | undefined): unknown {
  if (value instanceof JsonNumber) return value.value
  if (value instanceof JsonObject) {
    const object: Record<string, unknown> = {}
    for (let i = 0; i < value.keys.length; i++) {
      Object.defineProperty(object, value.keys[i]!, {
        value: plainValue(value.values[i]),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return object
  }
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map(plainValue)
  return value
}
