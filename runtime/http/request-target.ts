/**
 * The request target (definition.md P16): origin form `/path?query` or absolute form
 * `http://host:port/path?query`, whose authority then replaces the `Host` header for `$request/host`,
 * `port` and `url`. Any other target (`*`, anything not starting with `/`) and a path with invalid
 * percent-encoding or invalid UTF-8 are rejected with 400 / 3213 (errors.md section 3 info texts).
 * R11: `query` is null when the URL has no query or only a bare `?`. Bytes sent unencoded are decoded
 * as UTF-8 (invalid ones in the query become U+FFFD, in the path they are a 3213).
 */
import { isUtf8 } from 'node:buffer'

export interface RequestTarget {
  /** Raw path, percent-encoded as received (`$request/path`). */
  readonly path: string
  /** Raw query without `?`, or null when absent or empty (R11). */
  readonly query: string | null
  /** Authority of an absolute-form target, or null for the origin form. */
  readonly authority: string | null
}

export const INVALID_TARGET = 'Invalid request target'
export const INVALID_PERCENT = 'Invalid percent-encoding in request path'
export const INVALID_UTF8 = 'Request path is not valid UTF-8'

export type TargetProblem = typeof INVALID_TARGET | typeof INVALID_PERCENT | typeof INVALID_UTF8

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]+)(.*)$/s

/** Parses `req.url`; returns the problem text (the 3213 info entry) when the target is rejected. */
export function parseRequestTarget(url: string): RequestTarget | TargetProblem {
  let authority: string | null = null
  let rest = url
  if (url.charCodeAt(0) !== 47 /* / */) {
    const absolute = ABSOLUTE_FORM.exec(url)
    if (absolute === null) return INVALID_TARGET
    authority = absolute[1]!
    rest = absolute[2]!
    if (rest === '' || rest.charCodeAt(0) === 63 /* ? */) rest = '/' + rest
    else if (rest.charCodeAt(0) !== 47) return INVALID_TARGET
  }
  const mark = rest.indexOf('?')
  const path = mark < 0 ? rest : rest.slice(0, mark)
  const problem = checkPath(path)
  if (problem !== null) return problem
  const query = mark < 0 || mark === rest.length - 1 ? null : rest.slice(mark + 1)
  return { path: fromWireBytes(path), query: query === null ? null : fromWireBytes(query), authority }
}

const HIGH_BYTE = /[\x80-\xff]/

/** node hands the target over with one character per byte; unencoded UTF-8 becomes real characters. */
function fromWireBytes(text: string): string {
  return HIGH_BYTE.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text
}

/** P16: every `%` starts a two-digit hex escape, and the bytes of the path form valid UTF-8. */
export function checkPath(path: string): TargetProblem | null {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    if (c === 37 || c > 127) return checkEncodedPath(path)
  }
  return null
}

function checkEncodedPath(path: string): TargetProblem | null {
  const bytes: number[] = []
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    if (c === 37) {
      const byte = hexByte(path, i + 1)
      if (byte < 0) return INVALID_PERCENT
      bytes.push(byte)
      i += 2
    } else if (c > 255) {
      // Not from the wire (node hands bytes over as latin1), but keep the check total.
      for (const b of Buffer.from(path[i]!, 'utf8')) bytes.push(b)
    } else bytes.push(c)
  }
  return isUtf8(Uint8Array.from(bytes)) ? null : INVALID_UTF8
}

/** The byte of the two hex digits at `at`, or -1. */
export function hexByte(text: string, at: number): number {
  if (at + 1 >= text.length) return -1
  const high = hexDigit(text.charCodeAt(at))
  const low = hexDigit(text.charCodeAt(at + 1))
  return high < 0 || low < 0 ? -1 : high * 16 + low
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 65 && c <= 70) return c - 55
  if (c >= 97 && c <= 102) return c - 87
  return -1
}
