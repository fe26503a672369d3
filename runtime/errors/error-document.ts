/**
 * The system error document (errors.md X15): `{"error": $error}` with `requestID` added when `$error`
 * lacks it (after `info`, before further members, X10/X11), compact UTF-8 JSON without a trailing
 * newline; the status rule X14; and the headers that a raised error drops (X15, EF4).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { errorKindOf } from './codes.js'

/** SVC_ERROR_DETAILS (errors.md X21): whether clients see the `info` of the gateway's own 5xx errors. */
export type ErrorDetails = 'full' | 'safe'

/** Header names (lower case) dropped from the response when an error discards the body (X15, EF4). */
export const ERROR_DROPPED_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
  'content-disposition',
  'location',
  'etag',
  'last-modified',
  'expires',
])

const LEADING_MEMBERS = ['message', 'status', 'code', 'info'] as const

/** X14: an integer 200-599 stays, anything else becomes 500. */
export function sendableStatus(status: number): number {
  return Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500
}

/** The status an error object asks for (`$error/status`), by X14. */
export function errorStatusOf(error: JsonObject): number {
  const status = error.get('status')
  if (status instanceof JsonNumber) return sendableStatus(status.value)
  if (typeof status === 'string' && /^\s*\d+\s*$/.test(status)) return sendableStatus(Number(status))
  return 500
}

/** `$error` with `requestID` inserted after the leading members when it is missing (X15, X11). */
export function withRequestId(error: JsonObject, requestId: string): JsonObject {
  if (error.keys.includes('requestID')) return error
  const keys = [...error.keys]
  const values = [...error.values]
  let at = 0
  while (at < keys.length && (LEADING_MEMBERS as readonly string[]).includes(keys[at]!)) at++
  keys.splice(at, 0, 'requestID')
  values.splice(at, 0, requestId)
  return new JsonObject(keys, values)
}

/**
 * The document's text (sent as UTF-8): `{"error":{...}}`, compact; in `safe` mode without the `info` of
 * the gateway's own 5xx errors (X21).
 */
export function renderErrorDocument(error: JsonObject, requestId: string, details: ErrorDetails = 'full'): string {
  const shown = details === 'safe' ? withoutDetails(error) : error
  return `{"error":${stringifyJsonValue(withRequestId(shown, requestId))}}`
}

const NO_INFO: readonly JsonValue[] = Object.freeze([])

/**
 * X21: a 5xx error of one of the gateway's own codes with `info` emptied; any other error as it is
 * (4xx messages and the `error` action's documents are meant for the client).
 */
export function withoutDetails(error: JsonObject): JsonObject {
  const code = error.get('code')
  if (errorStatusOf(error) < 500 || !(code instanceof JsonNumber) || errorKindOf(code.value) === undefined) return error
  const at = error.keys.indexOf('info')
  if (at < 0) return error
  const values = [...error.values]
  values[at] = NO_INFO
  return new JsonObject(error.keys, values)
}

/** Compact JSON of a JsonValue: number literals kept as written, members in order. */
export function stringifyJsonValue(value: JsonValue): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof JsonNumber) return value.text
  if (value instanceof JsonObject) {
    let text = '{'
    for (let i = 0; i < value.keys.length; i++) {
      if (i > 0) text += ','
      text += JSON.stringify(value.keys[i]) + ':' + stringifyJsonValue(value.values[i]!)
    }
    return text + '}'
  }
  return '[' + (value as readonly JsonValue[]).map(stringifyJsonValue).join(',') + ']'
}
