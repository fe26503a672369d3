/**
 * Content decoding of buffered upstream bodies (upstream.md UP-RESP-1, UP-GEN-4): `gzip` (`x-gzip`)
 * and `br`, also as a list applied in reverse order; any other coding in the list leaves the body
 * undecoded. The decoded size is bounded by SVC_MAX_UPSTREAM_BODY_SIZE (a compressed body cannot
 * expand without bound); a body that fails to decode is a transport failure.
 */
import { promisify } from 'node:util'
import { brotliDecompress, gunzip } from 'node:zlib'

import { transportFailure, UpstreamFailureError } from './failure.js'

const gunzipAsync = promisify(gunzip)
const brotliAsync = promisify(brotliDecompress)

export type Coding = 'gzip' | 'br'

/**
 * The codings to undo, last applied first; `[]` for none (or `identity`); null when the list holds
 * a coding the gateway does not decode (the body is stored as received).
 */
export function codingsToUndo(contentEncoding: string | undefined): Coding[] | null {
  if (contentEncoding === undefined) return []
  const codings: Coding[] = []
  for (const part of contentEncoding.split(',')) {
    const token = part.trim().toLowerCase()
    if (token === '' || token === 'identity') continue
    if (token === 'gzip' || token === 'x-gzip') codings.push('gzip')
    else if (token === 'br') codings.push('br')
    else return null
  }
  return codings.reverse()
}

export function tooLargeError(limit: number): UpstreamFailureError {
  return new UpstreamFailureError(transportFailure(`response body exceeds ${limit} bytes`, 'ETOOLARGE'))
}

/** Undoes `codings` in order; the result is at most `limit` bytes. */
export async function decodeBody(body: Buffer, codings: readonly Coding[], limit: number): Promise<Buffer> {
  let current = body
  for (const coding of codings) {
    try {
      const options = { maxOutputLength: Math.max(1, limit) }
      current = coding === 'gzip' ? await gunzipAsync(current, options) : await brotliAsync(current, options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeError(limit)
      throw new UpstreamFailureError(transportFailure(`response body could not be decoded (${coding})`, 'EBADRESPONSE'))
    }
  }
  if (current.length > limit) throw tooLargeError(limit)
  return current
}
