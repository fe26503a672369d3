/**
 * The access log line (`svc_access`, operations.md LG3, LG4; errors.md X19), written once per client
 * request when the response has been sent or the client went away: `timestamp` is the arrival time,
 * fields in the order of the LG3 table, `errorCode` only when a raised error determined the response,
 * `aborted` only when the response was not completed, then the custom fields of `log` actions (LG4).
 * SVC_ACCESS_LOG=false suppresses it (caller).
 */
import { plainValue } from '../log/alert.js'
import { decimal, jsonNumber, type Logger } from '../log/logger.js'
import { jsonStringContent } from '../oxn/json-string.js'
import type { JsonObject } from '../values/json-value.js'

export interface AccessRecord {
  /** Epoch milliseconds at arrival: the line's `timestamp`. */
  readonly arrivalMs: number
  readonly requestId: string
  readonly url: string
  /** Path plus `?query` when present. */
  readonly path: string
  readonly status: number
  readonly method: string
  readonly agent: string
  readonly referrer: string
  readonly mime: string
  /** Seconds from arrival to the last byte sent. */
  readonly realtime: number
  readonly bytes: number
  readonly requestBytes: number
  readonly flow: string
  readonly requestMime: string
  readonly location: string
  readonly errorCode: number | undefined
  readonly aborted: boolean
  /** LG4: fields registered by `log` actions, in registration order (never system fields). */
  readonly custom?: JsonObject | null
}

export function writeAccessLog(logger: Logger, record: AccessRecord): void {
  const custom = record.custom
  // The usual line, without custom fields, is written as text built from strings and integers.
  if (!custom) {
    logger.writeMembers('svc_access', membersJson(record), record.arrivalMs)
    return
  }
  const fields: Record<string, unknown> = {
    requestID: record.requestId,
    url: record.url,
    path: record.path,
    status: record.status,
    method: record.method,
    agent: record.agent,
    referrer: record.referrer,
    mime: record.mime,
    realtime: Math.round(record.realtime * 1e6) / 1e6,
    bytes: record.bytes,
    requestbytes: record.requestBytes,
    flow: record.flow,
    requestmime: record.requestMime,
    location: record.location,
    errorCode: record.errorCode,
    aborted: record.aborted ? true : undefined,
  }
  // defineProperty: a field named `__proto__` stays an ordinary member
  for (let i = 0; i < custom.keys.length; i++) {
    Object.defineProperty(fields, custom.keys[i]!, { value: plainValue(custom.values[i]), enumerable: true, writable: true, configurable: true })
  }
  logger.write('svc_access', fields, new Date(record.arrivalMs))
}

/** The members of a line without custom fields, as `JSON.stringify` writes the fields above after `{`. */
function membersJson(record: AccessRecord): string {
  const q = jsonStringContent
  let json = `"requestID":"${q(record.requestId)}","url":"${q(record.url)}","path":"${q(record.path)}","status":${jsonNumber(record.status)},"method":"${q(record.method)}","agent":"${q(record.agent)}","referrer":"${q(record.referrer)}","mime":"${q(record.mime)}","realtime":${decimal(Math.round(record.realtime * 1e6), 1e6)},"bytes":${jsonNumber(record.bytes)},"requestbytes":${jsonNumber(record.requestBytes)},"flow":"${q(record.flow)}","requestmime":"${q(record.requestMime)}","location":"${q(record.location)}"`
  if (record.errorCode !== undefined) json += `,"errorCode":${jsonNumber(record.errorCode)}`
  if (record.aborted) json += ',"aborted":true'
  return json
}
