/**
 * The upstream request log (`svc_request`, operations.md LG5, upstream.md UP-LOG-1, UP-LOG-2): one
 * line per network exchange (each redirect hop and retried attempt), per cache hit, and per aborted
 * exchange. `timing.DNS` and `timing.TCP` are 0: the pooled client cannot attribute connection set-up
 * to one exchange (allowed by UP-LOG-1). Never logs header values, cookies, credentials or bodies.
 */
import type { ClientSpan } from '../context/trace.js'
import { memberKey } from '../log/json-line.js'
import type { Logger } from '../log/logger.js'
import { writeTraceIds } from '../log/trace-ids.js'
import { errorNameOf, failureMessage, type UpstreamFailure } from './failure.js'

/** What identifies an exchange in its log line. */
export interface LogBase {
  readonly requestId: string
  /** Normalized URL without user information. */
  readonly url: string
  readonly method: string
  /** Request ID plus `.<hop>`. */
  readonly id: string
  /** For a pool (UP-POOL-2): the target's URL; else null. */
  readonly target: string | null
  /** For a pool or a request that may be retried (UP-POOL-6): the attempt, counted from 0; else null. */
  readonly attempt: number | null
  /**
   * The attempt's client span when the request is traced (operations.md TR4): its ids go in the line
   * (TR7), and the line's writing ends it; else null.
   */
  readonly span: ClientSpan | null
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

const K = {
  requestID: memberKey('requestID'),
  url: memberKey('url'),
  method: memberKey('method'),
  status: memberKey('status'),
  mime: memberKey('mime'),
  bytes: memberKey('bytes'),
  duration: memberKey('duration'),
  id: memberKey('id'),
  cacheHit: memberKey('cacheHit'),
  refresh: memberKey('refresh'),
  timing: memberKey('timing'),
  errorName: memberKey('errorName'),
  errorMessage: memberKey('errorMessage'),
  target: memberKey('target'),
  attempt: memberKey('attempt'),
}
const TIMING_START = Buffer.from('{"DNS":0,"TCP":0,"TTFB":')
const TIMING_END = Buffer.from('}')
/** The usual exchange's constant members in one piece: neither a cache hit nor a refresh. */
const NETWORK_TIMING_START = Buffer.concat([
  K.cacheHit,
  Buffer.from('false'),
  K.refresh,
  Buffer.from('false'),
  K.timing,
  TIMING_START,
])

export function writeRequestLog(logger: Logger, base: LogBase, outcome: ExchangeOutcome): void {
  const now = performance.now()
  const failure = outcome.failure
  // whole microseconds: digits written from integers cost much less than writing a double
  const durationUs = Math.round((now - outcome.started) * 1000)
  const ttfbUs = outcome.headAt === null ? 0 : Math.round((outcome.headAt - outcome.started) * 1000)
  const errorName = failure === null ? '' : errorNameOf(failure)
  const errorMessage = failure === null ? '' : failureMessage(failure)
  const span = base.span
  span?.end({
    status: outcome.status,
    failure: failure === null ? null : errorName,
    startMs: outcome.started,
    endMs: now,
  })
  const line = logger.beginLine('svc_request')
  line.raw(K.requestID)
  line.string(base.requestId)
  if (span !== null) writeTraceIds(line, span)
  line.raw(K.url)
  line.string(base.url)
  line.raw(K.method)
  line.string(base.method)
  line.raw(K.status)
  line.number(outcome.status)
  line.raw(K.mime)
  line.string(outcome.mime)
  line.raw(K.bytes)
  line.number(outcome.bytes)
  line.raw(K.duration)
  line.decimal(durationUs, 6)
  line.raw(K.id)
  line.string(base.id)
  if (base.target !== null) {
    line.raw(K.target)
    line.string(base.target)
  }
  if (base.attempt !== null) {
    line.raw(K.attempt)
    line.number(base.attempt)
  }
  if (!outcome.cacheHit && !outcome.refresh) line.raw(NETWORK_TIMING_START)
  else {
    line.raw(K.cacheHit)
    line.boolean(outcome.cacheHit)
    line.raw(K.refresh)
    line.boolean(outcome.refresh)
    line.raw(K.timing)
    line.raw(TIMING_START)
  }
  line.decimal(ttfbUs, 3)
  line.raw(TIMING_END)
  if (failure !== null) {
    line.raw(K.errorName)
    line.string(errorName)
    line.raw(K.errorMessage)
    line.string(errorMessage)
  }
  logger.endLine()
}
