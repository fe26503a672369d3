/**
 * The upstream request log (`svc_request`, operations.md LG5, upstream.md UP-LOG-1, UP-LOG-2): one
 * line per network exchange (each redirect hop and retried attempt), per cache hit, and per aborted
 * exchange. `timing.DNS` and `timing.TCP` are 0: the pooled client cannot attribute connection set-up
 * to one exchange (allowed by UP-LOG-1). Never logs header values, cookies, credentials or bodies.
 */
import { decimal, jsonNumber, type Logger } from '../log/logger.js'
import { jsonStringContent } from '../oxn/json-string.js'
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
  const q = jsonStringContent
  let json = `"requestID":"${q(base.requestId)}","url":"${q(base.url)}","method":"${q(base.method)}","status":${jsonNumber(outcome.status)},"mime":"${q(outcome.mime)}","bytes":${jsonNumber(outcome.bytes)},"duration":${decimal(durationUs, 1e6)},"id":"${q(base.id)}","cacheHit":${outcome.cacheHit},"refresh":${outcome.refresh},"timing":{"DNS":0,"TCP":0,"TTFB":${decimal(ttfbUs, 1000)}}`
  if (failure !== null) json += `,"errorName":"${q(errorNameOf(failure))}","errorMessage":"${q(failureMessage(failure))}"`
  logger.writeMembers('svc_request', json)
}
