/**
 * Proxied bodies passed on as received (upstream.md UP-PROXY-5, UP-GEN-6 steps 4-7, flows.md F-RESP-6,
 * F-RESP-7, definition.md PX7): the runtime side of ResponseState.passed.
 *
 * - A streamed response: the head (status, the flow's fields, then the upstream's `Content-Type`,
 *   `Content-Encoding` and `Content-Length` unchanged; chunked without a length, never for `HEAD`,
 *   none for 204/304), then the body as it arrives, still encoded. A failure after the head aborts
 *   the client connection and writes an alert with `raised: false` (access log `aborted: true`).
 * - A buffered body in a coding the gateway does not decode: sent with its `Content-Encoding`.
 * - The answer to a proxied `HEAD`: the upstream's `Content-Length`, or none when it sent none.
 */
import { type ServerResponse, STATUS_CODES } from 'node:http'

import type { PassedBody, PassedHead, PassedSent } from '../context/response.js'
import { sendableStatus } from '../errors/error-document.js'
import { writeResponse } from '../http/write-response.js'
import { writeAlert } from '../log/alert.js'
import type { Logger } from '../log/logger.js'
import type { Sequence } from '../values/item.js'
import type { JsonObject } from '../values/json-value.js'
import type { UpstreamFailure } from './failure.js'
import type { StreamTransfer } from './stream-transfer.js'

/** Fields the gateway writes itself (F-RESP-6) or takes from the passed body. */
const OWNED = new Set([
  'server',
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'content-type',
  'content-encoding',
])

interface BodyHeaders {
  readonly contentType: string | null
  readonly contentEncoding: string | null
  /** null: none is sent (chunked for a streamed body). */
  readonly contentLength: string | null
}

/** Writes the head; returns the `Content-Type` and `Location` sent. */
function writeHead(
  res: ServerResponse,
  head: PassedHead,
  status: number,
  body: BodyHeaders,
): { mime: string; location: string } {
  const flat: string[] = ['Server', 'svc-gateway']
  let location = ''
  let explicitType: string | null = null
  for (const [name, value] of head.fields) {
    const lower = name.toLowerCase()
    if (lower === 'content-type') explicitType = value
    if (OWNED.has(lower)) continue
    if (lower === 'location' && location === '') location = value
    flat.push(name, value)
  }
  const contentType = explicitType ?? body.contentType
  if (contentType !== null) flat.push('Content-Type', contentType)
  if (body.contentEncoding !== null) flat.push('Content-Encoding', body.contentEncoding)
  const bodiless = status === 204 || status === 304
  if (body.contentLength !== null && !bodiless) flat.push('Content-Length', body.contentLength)
  if (head.close) flat.push('Connection', 'close')
  res.writeHead(status, STATUS_CODES[status] ?? 'Unknown', flat)
  return { mime: contentType ?? '', location }
}

/** A streamed response body (UP-GEN-6). */
export class StreamedBody implements PassedBody {
  readonly main: Sequence | undefined = undefined

  constructor(
    readonly transfer: StreamTransfer,
    readonly body: BodyHeaders,
    /** The alert of a failure during the transfer (errors.md X17). */
    readonly alert: {
      readonly logger: Logger
      readonly requestId: string
      readonly errorOf: (failure: UpstreamFailure) => JsonObject
    },
  ) {}

  send(res: ServerResponse, head: PassedHead): PassedSent {
    const status = sendableStatus(head.status)
    const { mime, location } = writeHead(res, head, status, this.body)
    const transfer = this.transfer
    if (head.method === 'HEAD' || status === 204 || status === 304) {
      res.end()
      void transfer.discardBody().catch(() => undefined)
      return { status, mime, bytes: 0, location }
    }
    const sent = new StreamedSent(status, mime, location, transfer)
    transfer.pipeTo(res, (failure) => {
      if (failure === null) res.end()
      else {
        // UP-GEN-6 step 6: the client connection is aborted; a client that left is no failure
        res.destroy()
        if (failure.kind !== 'aborted')
          writeAlert(this.alert.logger, this.alert.requestId, 'request', this.alert.errorOf(failure), false)
      }
    })
    return sent
  }

  discard(): void {
    this.transfer.discard()
  }
}

/**
 * What a streamed body sent; `bytes` grows while it streams. A class, not an object literal with a
 * getter: V8 may allocate such literals in the old generation, where each one keeps its whole
 * request alive until the next full collection (measured: 2 MB promoted per scavenge under load).
 */
class StreamedSent implements PassedSent {
  constructor(
    readonly status: number,
    readonly mime: string,
    readonly location: string,
    readonly transfer: StreamTransfer,
  ) {}

  get bytes(): number {
    return this.transfer.bytes
  }
}

/** A buffered proxied body sent with headers of its own (undecoded coding, or a `HEAD` answer). */
export class BufferedBody implements PassedBody {
  constructor(
    readonly main: Sequence | undefined,
    readonly bytes: Uint8Array,
    readonly body: BodyHeaders,
  ) {}

  send(res: ServerResponse, head: PassedHead): PassedSent {
    if (head.method === 'HEAD') {
      const status = sendableStatus(head.status)
      const { mime, location } = writeHead(res, head, status, this.body)
      res.end()
      return { status, mime, bytes: 0, location }
    }
    const fields =
      this.body.contentEncoding === null
        ? head.fields
        : [
            ...head.fields.filter(([name]) => name.toLowerCase() !== 'content-encoding'),
            ['Content-Encoding', this.body.contentEncoding] as const,
          ]
    const explicitType = head.fields.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
    return writeResponse(
      res,
      head.method,
      head.status,
      fields,
      explicitType ?? this.body.contentType,
      this.bytes,
      head.close,
    )
  }

  discard(): void {}
}
