/**
 * The upstream request log (`svc_request`, operations.md LG5, upstream.md UP-LOG-1, UP-LOG-2): one
 * line per network exchange (each redirect hop and retried attempt), per cache hit, and per aborted
 * exchange. `timing.DNS` and `timing.TCP` are 0: the pooled client cannot attribute connection set-up
 * to one exchange (allowed by UP-LOG-1). Never logs header values, cookies, credentials or bodies.
 */
import { decimal, FIELDS_JSON, jsonNumber, type Logger } from '../log/logger.js'
import { jsonString } from '../oxn/json-string.js'
import { errorNameOf, failureMessage, type UpstreamFailure } from './failure.js'

/** What identifies an exchange in its log line. */
export interface LogBase {
  readonly requestId: string
  /** Normalized URL without user information. */
  readonly url: string
  readonly method: string
  /** Request ID plus `.<hop>`. */
  readonly id: string
}

/** How the exchange went. */
export interface ExchangeOutcome {
  /** 0 when no response arrived (or the client went away). */
  readonly status: number
  readonly mime: string
  readonly bytes: number
  /** performance.now() at the start of the exchange. */
  readonly started: number
  /** performance.now() when the head arrived, or null. */
  readonly headAt: number | null
  readonly cacheHit: boolean
  readonly refresh: boolean
  readonly failure: UpstreamFailure | null
}

export function writeRequestLog(logger: Logger, base: LogBase, outcome: ExchangeOutcome): void {
  const now = performance.now()
  const failure = outcome.failure
  // whole microseconds: text written from integers costs much less than writing a double
  const durationUs = Math.round((now - outcome.started) * 1000)
  const ttfbUs = outcome.headAt === null ? 0 : Math.round((outcome.headAt - outcome.started) * 1000)
  const duration = durationUs / 1e6
  const ttfb = ttfbUs / 1000
  const errorName = failure === null ? undefined : errorNameOf(failure)
  const errorMessage = failure === null ? undefined : failureMessage(failure)
  // The members as JSON too (FIELDS_JSON): serializing the object costs more than the rest of the line.
  let json = `"requestID":${jsonString(base.requestId)},"url":${jsonString(base.url)},"method":${jsonString(base.method)},"status":${jsonNumber(outcome.status)},"mime":${jsonString(outcome.mime)},"bytes":${jsonNumber(outcome.bytes)},"duration":${decimal(durationUs, 1e6)},"id":${jsonString(base.id)},"cacheHit":${outcome.cacheHit},"refresh":${outcome.refresh},"timing":{"DNS":0,"TCP":0,"TTFB":${decimal(ttfbUs, 1000)}}`
  if (errorName !== undefined) json += `,"errorName":${jsonString(errorName)}`
  if (errorMessage !== undefined) json += `,"errorMessage":${jsonString(errorMessage)}`
  logger.write('svc_request', {
    requestID: base.requestId,
    url: base.url,
    method: base.method,
    status: outcome.status,
    mime: outcome.mime,
    bytes: outcome.bytes,
    duration,
    id: base.id,
    cacheHit: outcome.cacheHit,
    refresh: outcome.refresh,
    timing: { DNS: 0, TCP: 0, TTFB: ttfb },
    errorName,
    errorMessage,
    [FIELDS_JSON]: json,
  })
}
