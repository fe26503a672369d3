/**
 * How the OTLP/protobuf exporter posts a batch to a collector at an `http:` URL (operations.md TR6): on
 * the gateway's own HTTP client (the connection the caller gives, upstream/collector-post.ts), with
 * the official exporter's retry rules, inside the official export delegate (its queue limit, timeout
 * and self-observability). Collectors at `https:` URLs keep the official transport, with its
 * `OTEL_EXPORTER_OTLP_*CERTIFICATE*` and client-key settings.
 *
 * Why not the official transport for plain HTTP: under the referee's load its post (a `node:http`
 * request fed by a stream, code that runs a few dozen times a second and so never gets hot) cost
 * about as much per request as encoding the spans. Why the gateway's client and not another undici
 * request API: a second kind of handler and request options in the same undici code made the
 * gateway's own upstream calls slower (bench/README.md, "Observability").
 */
import { STATUS_CODES } from 'node:http'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

import { type ExportResponse, type IExporterTransport, OTLPExporterError } from '@opentelemetry/otlp-exporter-base'

/** What the transport needs of the exporter's configuration (the official, from the environment). */
export interface OtlpPostSettings {
  /** The traces endpoint, an `http:` URL. */
  readonly url: string
  readonly headers: () => Promise<Record<string, string>>
  readonly compression: string
  /** The `User-Agent` of the posts (the official transport puts its own after the one it is given). */
  readonly userAgent: string
}

/** A collector's answer to a post. */
export interface CollectorAnswer {
  readonly status: number
  /** Header names and values in turn, as received. */
  readonly headers: readonly string[]
  /** The body; null when it passed the limit of the post (the rest was not read). */
  readonly body: Buffer | null
}

/** The gateway's connection to one collector origin. */
export interface CollectorConnection {
  /**
   * POSTs `body` to `path` (with its query) with `headers` (names and values in turn); the answer's
   * head must come within `timeoutMs`, and so must each part of its body. Rejects on a network failure
   * or a timeout, with an error whose `code` names it (undici's codes; `ETIMEDOUT` for a timeout).
   */
  post(
    path: string,
    headers: string[],
    body: Buffer,
    timeoutMs: number,
    maxAnswerBytes: number,
  ): Promise<CollectorAnswer>
  close(): void
}

/** Opens the gateway's connection to a collector origin (`http://host:port`). */
export type CollectorConnector = (origin: string) => CollectorConnection

/** Status codes a collector may answer that are worth another try (OTLP/HTTP). */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504])
/** Network errors worth another try: the official transport's, and undici's for a dropped connection and a timeout. */
const RETRYABLE_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])
/** The most of a collector's answer read (as the official transport). */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024

const gzipped = promisify(gzip)

/** One post to the collector, no retries. */
class CollectorPost implements IExporterTransport {
  readonly #connection: CollectorConnection
  readonly #path: string

  constructor(
    readonly settings: OtlpPostSettings,
    connect: CollectorConnector,
  ) {
    const url = new URL(settings.url)
    this.#connection = connect(url.origin)
    this.#path = `${url.pathname}${url.search}`
  }

  async send(data: Uint8Array, timeoutMillis: number): Promise<ExportResponse> {
    try {
      const headers: string[] = []
      for (const [name, value] of Object.entries(await this.settings.headers())) {
        if (name.toLowerCase() !== 'user-agent') headers.push(name, value)
      }
      headers.push('User-Agent', this.settings.userAgent)
      let body = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      if (this.settings.compression === 'gzip') {
        body = await gzipped(data)
        headers.push('Content-Encoding', 'gzip')
      }
      const answer = await this.#connection.post(this.#path, headers, body, timeoutMillis, MAX_RESPONSE_BYTES)
      const status = answer.status
      if (answer.body === null) {
        return { status: 'failure', error: new Error(`OTLP export response exceeded ${MAX_RESPONSE_BYTES} bytes`) }
      }
      if (status <= 299) return { status: 'success', data: answer.body }
      if (RETRYABLE_STATUSES.has(status)) {
        return { status: 'retryable', retryInMillis: retryAfterMillis(headerValue(answer.headers, 'retry-after')) }
      }
      const error = new OTLPExporterError(STATUS_CODES[status], status, answer.body.toString())
      return { status: 'failure', error }
    } catch (error) {
      const code = (error as { code?: unknown }).code
      const failure = error instanceof Error ? error : new Error(String(error))
      return typeof code === 'string' && RETRYABLE_ERRORS.has(code)
        ? { status: 'retryable', error: failure }
        : { status: 'failure', error: failure }
    }
  }

  shutdown(): void {
    this.#connection.close()
  }
}

/** The first value of the header `name` (lower-case) in `headers` (names and values in turn). */
function headerValue(headers: readonly string[], name: string): string | undefined {
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === name) return headers[i + 1]
  return undefined
}

/** A `Retry-After` of seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
function retryAfterMillis(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const seconds = Number.parseInt(value, 10)
  if (Number.isInteger(seconds)) return Math.max(seconds, 0) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(at - Date.now(), 0)
}

/** The official exporter's retry rules: up to five more tries, backing off 1 s × 1.5ⁿ (at most 5 s, ±20 %), within the timeout. */
const MAX_RETRIES = 5
const FIRST_BACKOFF_MS = 1000
const MAX_BACKOFF_MS = 5000
const BACKOFF_FACTOR = 1.5
const JITTER = 0.2

class RetryingPost implements IExporterTransport {
  constructor(readonly post: IExporterTransport) {}

  async send(data: Uint8Array, timeoutMillis: number): Promise<ExportResponse> {
    const deadline = Date.now() + timeoutMillis
    let backoff = FIRST_BACKOFF_MS
    let result = await this.post.send(data, timeoutMillis)
    for (let retries = 0; result.status === 'retryable' && retries < MAX_RETRIES; retries++) {
      const jittered = Math.min(backoff * (1 + (Math.random() * 2 - 1) * JITTER), MAX_BACKOFF_MS)
      backoff *= BACKOFF_FACTOR
      const wait = result.retryInMillis ?? jittered
      const left = deadline - Date.now()
      if (wait > left) return result
      await new Promise((resolve) => setTimeout(resolve, wait))
      result = await this.post.send(data, deadline - Date.now())
    }
    return result
  }

  shutdown(): void {
    this.post.shutdown()
  }
}

/**
 * Whether spans for `url` are posted here: plain HTTP without credentials in the URL (`node:http`
 * turns those into an `Authorization` field; the official transport keeps doing so).
 */
export function postsOnGatewayClient(url: string): boolean {
  const parsed = new URL(url)
  return parsed.protocol === 'http:' && parsed.username === '' && parsed.password === ''
}

/** The transport for a collector at an `http:` URL without credentials (postsOnGatewayClient), on `connect`'s connection. */
export function collectorTransport(settings: OtlpPostSettings, connect: CollectorConnector): IExporterTransport {
  return new RetryingPost(new CollectorPost(settings, connect))
}
