/**
 * The upstream request log (`svc_request`, operations.md LG5, upstream.md UP-LOG-1, UP-LOG-2): one
 * line per network exchange (each redirect hop and retried attempt), per cache hit, and per aborted
 * exchange. `timing.DNS` and `timing.TCP` are 0: the pooled client cannot attribute connection set-up
 * to one exchange (allowed by UP-LOG-1). Never logs header values, cookies, credentials or bodies.
 */
import type { Logger } from '../log/logger.js'
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
  logger.write('svc_request', {
    requestID: base.requestId,
    url: base.url,
    method: base.method,
    status: outcome.status,
    mime: outcome.mime,
    bytes: outcome.bytes,
    duration: round6((now - outcome.started) / 1000),
    id: base.id,
    cacheHit: outcome.cacheHit,
    refresh: outcome.refresh,
    timing: { DNS: 0, TCP: 0, TTFB: outcome.headAt === null ? 0 : round3(outcome.headAt - outcome.started) },
    errorName: failure === null ? undefined : errorNameOf(failure),
    errorMessage: failure === null ? undefined : failureMessage(failure),
  })
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

function round3(value: number): number {
  return Math.round(value * 1e3) / 1e3
}
