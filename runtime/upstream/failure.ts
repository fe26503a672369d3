/**
 * Upstream failures (upstream.md UP-ERR-1, UP-ERR-2, UP-ERR-6, UP-TIME-1, UP-ERR-7): a transport
 * failure (3101) with its decided `<cause>` text and log `errorName`, a timeout (3102) with its kind
 * and effective value, or an abort because the client went away (not a failure). Errors thrown by
 * undici and the platform are classified here, in one place.
 */

export type TimeoutKind = 'overall' | 'connect' | 'time-to-first-byte'

export type UpstreamFailure =
  | { readonly kind: 'transport'; readonly cause: string; readonly errorName: string }
  | { readonly kind: 'timeout'; readonly timeout: TimeoutKind; readonly seconds: number }
  /** No target may be asked: every target of the pool is out, or the origin's breaker is open (UP-POOL-4, 3103). */
  | { readonly kind: 'unavailable'; readonly cause: string }
  | { readonly kind: 'aborted' }

/** Thrown inside the exchange code to carry a classified failure. */
export class UpstreamFailureError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(
      failure.kind === 'transport' || failure.kind === 'unavailable'
        ? failure.cause
        : failure.kind === 'timeout'
          ? `${failure.timeout} timeout`
          : 'aborted',
    )
    this.name = 'UpstreamFailureError'
  }
}

export const CLIENT_ABORTED: UpstreamFailure = Object.freeze({ kind: 'aborted' })

export function transportFailure(cause: string, errorName: string): UpstreamFailure {
  return { kind: 'transport', cause, errorName }
}

export function timeoutFailure(timeout: TimeoutKind, ms: number): UpstreamFailure {
  return { kind: 'timeout', timeout, seconds: ms / 1000 }
}

export function unavailableFailure(cause: string): UpstreamFailure {
  return { kind: 'unavailable', cause }
}

/** The error kind of a failure (errors.md section 3: 3101, 3102, 3103). */
export function errorKindOf(failure: UpstreamFailure): 'UPSTREAM_FAILED' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE' {
  return failure.kind === 'timeout'
    ? 'UPSTREAM_TIMEOUT'
    : failure.kind === 'unavailable'
      ? 'UPSTREAM_UNAVAILABLE'
      : 'UPSTREAM_FAILED'
}

/** The log `errorName` of a failure (UP-LOG-1). */
export function errorNameOf(failure: UpstreamFailure): string {
  switch (failure.kind) {
    case 'transport':
      return failure.errorName
    case 'timeout':
      return 'ETIMEDOUT'
    case 'unavailable':
      return 'EUNAVAILABLE'
    case 'aborted':
      return 'ECONNABORTED'
  }
}

/** The `info` entry of UP-ERR-2 (errors.md section 3, codes 3101, 3102 and 3103). */
export function failureInfo(failure: UpstreamFailure, id: string, url: string): string {
  if (failure.kind === 'timeout')
    return `Request '${id}' to ${url} timed out after ${failure.seconds} s (${failure.timeout} timeout)`
  if (failure.kind === 'transport' || failure.kind === 'unavailable')
    return `Request '${id}' to ${url} failed: ${failure.cause}`
  return `Request '${id}' to ${url} was aborted`
}

/** The log `errorMessage`: the cause, or the timeout sentence. */
export function failureMessage(failure: UpstreamFailure): string {
  if (failure.kind === 'transport' || failure.kind === 'unavailable') return failure.cause
  if (failure.kind === 'timeout') return `timed out after ${failure.seconds} s (${failure.timeout} timeout)`
  return 'aborted because the client disconnected'
}

const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA'])
const RESET = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ERR_STREAM_PREMATURE_CLOSE',
])
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH|ALTNAME/

/**
 * Classifies an error from undici or the platform. `limits` gives the effective timeouts so that a
 * timeout error reports its value; `tls` tells that the connection used TLS.
 */
export function classifyError(
  error: unknown,
  limits: { readonly connectMs: number; readonly ttfbMs: number; readonly overallMs: number },
  tls: boolean,
): UpstreamFailure {
  if (error instanceof UpstreamFailureError) return error.failure
  const code = errorCode(error)
  const message = oneLineMessage(error)
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return timeoutFailure('connect', limits.connectMs)
    case 'UND_ERR_HEADERS_TIMEOUT':
      return timeoutFailure('time-to-first-byte', limits.ttfbMs)
    case 'UND_ERR_BODY_TIMEOUT':
      return timeoutFailure('overall', limits.overallMs)
    case 'ECONNREFUSED':
      return transportFailure('connection refused', code)
    // UP-NET-9 "unparsable header": a header section past undici's limit (16 KiB) gets a short
    // lower-case cause like the others instead of undici's "Headers Overflow Error" (issue 8)
    case 'UND_ERR_HEADERS_OVERFLOW':
      return transportFailure('response header section too large', code)
  }
  const proxy = /Proxy response \((\d+)\)/.exec(message)
  if (proxy) return transportFailure(`proxy CONNECT failed: ${proxy[1]}`, 'EPROXY')
  if (DNS.has(code)) return transportFailure('host not found', code)
  // undici's parser error does not always carry its llhttp code
  if (code.startsWith('HPE_') || (error as Error | null)?.name === 'HTTPParserError')
    return transportFailure('invalid response', code || 'HPE_INVALID_RESPONSE')
  if (
    tls &&
    (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || CERTIFICATE.test(code) || code === 'EPROTO')
  ) {
    return transportFailure(`TLS handshake failed: ${code}`, code)
  }
  if (RESET.has(code)) return transportFailure('connection reset', code)
  return transportFailure(message, code === '' ? 'ERROR' : code)
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}

function oneLineMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim() || 'unknown error'
}
