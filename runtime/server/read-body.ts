/**
 * Reads the client request body in full, up to SVC_MAX_BODY_SIZE bytes (definition.md PL18,
 * operations.md CF1): a larger `Content-Length` is refused before reading, a body that grows beyond
 * the limit while reading stops the reading. A request with neither `Content-Length` nor
 * `Transfer-Encoding` has no body (RFC 9112 section 6.3) and is not read at all.
 */
import type { IncomingMessage } from 'node:http'

export const EMPTY_BYTES: Uint8Array = new Uint8Array(0)

export type BodyResult =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array }
  | { readonly kind: 'too-large' }
  /** The client went away or the connection failed while the body was arriving. */
  | { readonly kind: 'aborted' }

const TOO_LARGE: BodyResult = Object.freeze({ kind: 'too-large' })
const ABORTED: BodyResult = Object.freeze({ kind: 'aborted' })
const EMPTY_RESULT: BodyResult = Object.freeze({ kind: 'ok', bytes: EMPTY_BYTES })

/** Whether the declared length already exceeds the limit (checked before any stage reads). */
export function declaredTooLarge(headers: ReadonlyMap<string, string>, limit: number): boolean {
  const declared = headers.get('content-length')
  return declared !== undefined && Number(declared) > limit
}

export function readBody(
  req: IncomingMessage,
  headers: ReadonlyMap<string, string>,
  limit: number,
): Promise<BodyResult> {
  if (!headers.has('content-length') && !headers.has('transfer-encoding')) return Promise.resolve(EMPTY_RESULT)
  if (declaredTooLarge(headers, limit)) return Promise.resolve(TOO_LARGE)
  if (req.readableEnded) return Promise.resolve(EMPTY_RESULT)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: BodyResult): void => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onFailure)
      req.off('close', onClose)
      resolve(result)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) {
        req.pause()
        finish(TOO_LARGE)
      } else chunks.push(chunk)
    }
    const onEnd = (): void => {
      finish(
        size === 0
          ? EMPTY_RESULT
          : { kind: 'ok', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) },
      )
    }
    const onFailure = (): void => finish(ABORTED)
    const onClose = (): void => {
      if (!req.complete) finish(ABORTED)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onFailure)
    req.on('close', onClose)
  })
}
