/**
 * Base64 in the forms the functions use (xpath-functions.md FN-base64-encode-1, FN-base64-decode-2,
 * FN-base64-decode-3, CODEC-1 `base64url-*`): standard with padding; lenient decoding (characters
 * outside the alphabets dropped, `-`/`_` read as `+`/`/`, everything from the first `=` ignored, a
 * final group of one character ignored); strict decoding (ASCII whitespace ignored, padding
 * required); the URL-safe alphabet without padding (RFC 7515).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Value of each character code in the standard alphabet, with `-`/`_` as `+`/`/`; -1 otherwise. */
const VALUES: Int8Array = (() => {
  const values = new Int8Array(128).fill(-1)
  for (let i = 0; i < ALPHABET.length; i++) values[ALPHABET.charCodeAt(i)] = i
  values[0x2d] = 62
  values[0x5f] = 63
  return values
})()

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

export function encodeBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
}

/** The sextets of `values` (0..63) as bytes; a final group of one sextet is ignored. */
function fromSextets(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(Math.floor((values.length * 6) / 8))
  let bits = 0
  let buffer = 0
  let at = 0
  for (const value of values) {
    buffer = (buffer << 6) | value
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[at++] = (buffer >> bits) & 0xff
    }
  }
  return out.subarray(0, at)
}

/** FN-base64-decode-2 (and CODEC-1 `base64-decode`, `base64url-decode`): never fails. */
export function decodeBase64Lenient(text: string): Uint8Array {
  const values: number[] = []
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x3d /* = */) break
    const value = code < 128 ? VALUES[code]! : -1
    if (value >= 0) values.push(value)
  }
  return fromSextets(values)
}

const ASCII_WHITESPACE = /[\t\n\f\r ]/g

/** FN-base64-decode-3: the bytes, or undefined when `text` is not strict padded Base64. */
export function decodeBase64Strict(text: string): Uint8Array | undefined {
  const compact = text.replace(ASCII_WHITESPACE, '')
  if (compact.length % 4 !== 0) return undefined
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0
  const body = compact.slice(0, compact.length - padding)
  const values: number[] = []
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i)
    const value = code < 128 && code !== 0x2d && code !== 0x5f ? VALUES[code]! : -1
    if (value < 0) return undefined
    values.push(value)
  }
  return fromSextets(values)
}
