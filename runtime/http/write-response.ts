/**
 * Writes a buffered response (flows.md F-RESP-6..8, definition.md PL16, PL17, errors.md X14):
 * `Server: svc-gateway`, `Date` (node's cached per-second value), the exact `Content-Length` (none for
 * 204 and 304; kept without a body for `HEAD`), reason phrases from `http.STATUS_CODES` or `Unknown`,
 * statuses outside 200-599 sent as 500. Header fields that flows may not set (`Server`, `Date`,
 * `Content-Length`, `Transfer-Encoding`, `Connection`) are left out; `Content-Type` is decided by the
 * caller (F-RESP-5) and passed separately.
 */
import { type ServerResponse, STATUS_CODES } from 'node:http'

import { sendableStatus } from '../errors/error-document.js'
import { NON_ASCII } from '../values/wire-text.js'

export interface SentResponse {
  readonly status: number
  /** `Content-Type` sent, '' when none (access log `mime`). */
  readonly mime: string
  /** Body bytes sent (access log `bytes`): 0 for HEAD, 204 and 304. */
  readonly bytes: number
  /** `Location` sent, '' when none (access log `location`). */
  readonly location: string
}

const GATEWAY_OWNED = new Set(['server', 'date', 'content-length', 'transfer-encoding', 'connection', 'content-type'])

export function writeResponse(
  res: ServerResponse,
  method: string,
  requestedStatus: number,
  headers: readonly (readonly [string, string])[],
  contentType: string | null,
  /** A string is sent as UTF-8. */
  body: string | Uint8Array,
  closeConnection: boolean,
): SentResponse {
  const status = sendableStatus(requestedStatus)
  const flat: string[] = ['Server', 'svc-gateway']
  let location = ''
  let wide = false
  for (let i = 0; i < headers.length; i++) {
    const [name, value] = headers[i]!
    const lower = name.toLowerCase()
    if (GATEWAY_OWNED.has(lower)) continue
    if (lower === 'location' && location === '') location = value
    if (!wide && NON_ASCII.test(value)) wide = true
    flat.push(name, value)
  }
  // Header text is one char per byte (latin1). Node writes the head together with a string body in the
  // body's encoding (UTF-8), which would encode such chars twice: send the body as bytes then.
  if (wide && typeof body === 'string') body = Buffer.from(body, 'utf8')
  if (contentType !== null) flat.push('Content-Type', contentType)
  const bodiless = status === 204 || status === 304
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength
  if (!bodiless) flat.push('Content-Length', String(length))
  if (closeConnection) flat.push('Connection', 'close')
  res.writeHead(status, STATUS_CODES[status] ?? 'Unknown', flat)
  const sendBody = !bodiless && method !== 'HEAD' && length > 0
  if (sendBody) res.end(body)
  else res.end()
  return new Sent(status, contentType ?? '', sendBody ? length : 0, location)
}

/**
 * A class, not an object literal: the exchange keeps it to the end, and V8 may allocate a literal
 * kept that long in the old generation (see singleton() in runtime/values/item.ts).
 */
class Sent implements SentResponse {
  constructor(
    readonly status: number,
    readonly mime: string,
    readonly bytes: number,
    readonly location: string,
  ) {}
}
