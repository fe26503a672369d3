/**
 * The access log line (`svc_access`, operations.md LG3, LG4; errors.md X19), written once per client
 * request when the response has been sent or the client went away: `timestamp` is the arrival time,
 * `traceID` and `spanID` of the server span after `requestID` when the request is traced (TR7),
 * fields in the order of the LG3 table, `errorCode` only when a raised error determined the response,
 * `aborted` only when the response was not completed, then the custom fields of `log` actions (LG4).
 * SVC_ACCESS_LOG=false suppresses it (caller).
 */
import { plainValue } from '../log/alert.js'
import { memberKey } from '../log/json-line.js'
import type { Logger } from '../log/logger.js'
import { type TraceIds, writeTraceIds } from '../log/trace-ids.js'
import type { JsonObject } from '../values/json-value.js'

export interface AccessRecord {
  /** Epoch milliseconds at arrival: the line's `timestamp`. */
  readonly arrivalMs: number
  readonly requestId: string
  /** The request's server span when it is traced (operations.md TR7); else null. */
  readonly span: TraceIds | null
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
  // The usual line, without custom fields, is written as bytes member by member.
  if (!custom) {
    writeUsualLine(logger, record)
    return
  }
  const fields: Record<string, unknown> = {
    requestID: record.requestId,
    traceID: record.span?.traceId,
    spanID: record.span?.spanId,
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
    Object.defineProperty(fields, custom.keys[i]!, {
      value: plainValue(custom.values[i]),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  logger.write('svc_access', fields, new Date(record.arrivalMs))
}

const K = {
  requestID: memberKey('requestID'),
  url: memberKey('url'),
  path: memberKey('path'),
  status: memberKey('status'),
  method: memberKey('method'),
  agent: memberKey('agent'),
  referrer: memberKey('referrer'),
  mime: memberKey('mime'),
  realtime: memberKey('realtime'),
  bytes: memberKey('bytes'),
  requestbytes: memberKey('requestbytes'),
  flow: memberKey('flow'),
  requestmime: memberKey('requestmime'),
  location: memberKey('location'),
  errorCode: memberKey('errorCode'),
  aborted: memberKey('aborted'),
}

/** A line without custom fields, with the members `JSON.stringify` writes for the fields above. */
function writeUsualLine(logger: Logger, record: AccessRecord): void {
  const realtimeUs = Math.round(record.realtime * 1e6)
  const line = logger.beginLine('svc_access', record.arrivalMs)
  line.raw(K.requestID)
  line.string(record.requestId)
  const span = record.span
  if (span !== null) writeTraceIds(line, span)
  line.raw(K.url)
  line.string(record.url)
  line.raw(K.path)
  line.string(record.path)
  line.raw(K.status)
  line.number(record.status)
  line.raw(K.method)
  line.string(record.method)
  line.raw(K.agent)
  line.string(record.agent)
  line.raw(K.referrer)
  line.string(record.referrer)
  line.raw(K.mime)
  line.string(record.mime)
  line.raw(K.realtime)
  line.decimal(realtimeUs, 6)
  line.raw(K.bytes)
  line.number(record.bytes)
  line.raw(K.requestbytes)
  line.number(record.requestBytes)
  line.raw(K.flow)
  line.string(record.flow)
  line.raw(K.requestmime)
  line.string(record.requestMime)
  line.raw(K.location)
  line.string(record.location)
  if (record.errorCode !== undefined) {
    line.raw(K.errorCode)
    line.number(record.errorCode)
  }
  if (record.aborted) {
    line.raw(K.aborted)
    line.boolean(true)
  }
  logger.endLine()
}
