/**
 * PL18 for the pipeline's `body` stage: the client body read in full up to SVC_MAX_BODY_SIZE (a larger
 * one raises 3212, which the pipeline answers without the error flow), filling `$body` and
 * `$request/post`; or, for a body streamed to a proxy (upstream.md UP-GEN-6 step 2), only the declared
 * length checked up front.
 */
import { gatewayError, type RaisedError } from '../errors/raised-error.js'
import { parseFormEncoded } from '../http/form-decoding.js'
import { parseMultipartFields } from '../http/multipart.js'
import { Content } from '../values/content.js'
import type { Exchange } from './exchange.js'
import { declaredTooLarge, readBody } from './read-body.js'
import type { RequestRecord } from './request-record.js'

/** PL18 for a streamed body: raises 3212 when the declared length is too large. */
export function checkDeclaredBodySize(exchange: Exchange): void {
  const record = exchange.record
  const limit = exchange.gateway.config.maxBodySize
  if (declaredTooLarge(record.headers, limit)) throw bodyTooLarge(limit, record)
}

function bodyTooLarge(limit: number, record: RequestRecord): RaisedError {
  return gatewayError('BODY_TOO_LARGE', [`Request body exceeds ${limit} bytes`], record.id)
}

/** RFC 9112 section 6.3: a request with neither `Content-Length` nor `Transfer-Encoding` has no body. */
export function hasBody(headers: ReadonlyMap<string, string>): boolean {
  const length = headers.get('content-length')
  return (length !== undefined && length.trim() !== '0') || headers.has('transfer-encoding')
}

/**
 * A request with no body and no `Content-Type` (RFC 9112 section 6.3): reading it would change nothing
 * of `$body` or `$request/post`, so the pipeline does not wait for it.
 */
export function withoutBody(record: RequestRecord): boolean {
  const headers = record.headers
  return !headers.has('content-length') && !headers.has('transfer-encoding') && !headers.has('content-type')
}

/** PL18: reads the body, fills `$body` and `$request/post`; false when the client went away; 3212 raised. */
export async function readRequestBody(exchange: Exchange): Promise<boolean> {
  const record = exchange.record
  const limit = exchange.gateway.config.maxBodySize
  const result = await readBody(exchange.req, record.headers, limit)
  if (result.kind === 'aborted') return false
  if (result.kind === 'too-large') throw bodyTooLarge(limit, record)
  const bytes = result.bytes
  const mediaType = record.headers.get('content-type') ?? null
  record.bodySize = bytes.length
  if (bytes.length > 0) record.body = new Content(bytes, mediaType)
  if (mediaType !== null) {
    const essence = record.body.essence
    if (essence === 'application/x-www-form-urlencoded')
      record.post = parseFormEncoded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
    else if (essence === 'multipart/form-data') record.post = parseMultipartFields(bytes, mediaType)
  }
  return true
}
