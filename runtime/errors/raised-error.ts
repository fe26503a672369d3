/**
 * Raised errors (errors.md X6): thrown through the flow run and caught by the request pipeline, which
 * stores `$error` and runs the error flow or sends the system error document (X15).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { ERROR_KINDS, type ErrorKindName } from './codes.js'

/** Replaces line breaks so that messages and info entries stay one line (errors.md X13). */
export function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
}

export class RaisedError extends Error {
  constructor(
    /** The `$error` object in member order (errors.md X10). */
    readonly errorObject: JsonObject,
    /** Alert topic for the alert log line, or null for none. */
    readonly alertTopic: string | null,
    /** Extra response headers that belong to this error (`Allow` for 3210, `WWW-Authenticate`). */
    readonly headers: readonly (readonly [string, string])[] = [],
    /** Raised by the `error` action: its document is the flow's, shown as written (errors.md X21). */
    readonly byFlow = false,
  ) {
    super(String(errorObject.get('message') ?? 'error'))
    this.name = 'RaisedError'
  }

  get status(): number {
    const status = this.errorObject.get('status')
    return status instanceof JsonNumber ? status.value : 500
  }

  get code(): number | undefined {
    const code = this.errorObject.get('code')
    return code instanceof JsonNumber ? code.value : undefined
  }
}

/** `$error` for one of the gateway's own codes (errors.md X10). */
export function gatewayErrorObject(
  kind: ErrorKindName,
  info: readonly string[],
  requestId: string | undefined,
): JsonObject {
  const { code, status, message } = ERROR_KINDS[kind]
  const entries: [string, JsonValue][] = [
    ['message', message],
    ['status', new JsonNumber(String(status))],
    ['code', new JsonNumber(String(code))],
    ['info', info.map(oneLine)],
  ]
  if (requestId !== undefined) entries.push(['requestID', requestId])
  return JsonObject.fromEntries(entries)
}

/** Raises one of the gateway's own errors. */
export function gatewayError(
  kind: ErrorKindName,
  info: readonly string[],
  requestId: string | undefined,
  headers: readonly (readonly [string, string])[] = [],
): RaisedError {
  return new RaisedError(gatewayErrorObject(kind, info, requestId), ERROR_KINDS[kind].alertTopic, headers)
}

/**
 * A run-time fatal error of an action (flows.md F-EXEC-6): code 5001, one info entry
 * `<file>:<line>:<col>: <action>: <reason>`, alert topic = the action's name.
 */
export function flowExecutionError(
  at: string,
  action: string,
  reason: string,
  requestId: string | undefined,
): RaisedError {
  return new RaisedError(gatewayErrorObject('FLOW_EXECUTION', [`${at}: ${action}: ${reason}`], requestId), action)
}
