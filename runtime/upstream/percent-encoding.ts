/**
 * Percent-encoding for upstream URLs (upstream.md UP-CFG-2, UP-CFG-7, UP-CFG-8, UP-BODY-2): the
 * bytes of a character in the request's `encoding` (UTF-8 or ISO-8859-1; a character outside
 * ISO-8859-1 is an error), the string form of `query` (only characters a URI query cannot hold are
 * encoded; `%XX` kept; a stray `%` becomes `%25`), and `application/x-www-form-urlencoded` for
 * object/array queries and `post` (space as `+`; letters, digits and `*-._` kept, plus the
 * `query-encoding-raw-chars`).
 */
import type { Encoding } from './request-config.js'

/** A character that `encoding` cannot represent (an RF of the action). */
export class EncodingError extends Error {
  constructor(readonly character: string) {
    super(
      `character ${JSON.stringify(character)} (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) cannot be encoded in ISO-8859-1`,
    )
    this.name = 'EncodingError'
  }
}

const HEX = '0123456789ABCDEF'

function byteEscape(byte: number): string {
  return '%' + HEX[byte >> 4]! + HEX[byte & 15]!
}

/** `%XX` escapes of one character (a code point) in `encoding`. */
export function escapeCharacter(character: string, encoding: Encoding): string {
  const code = character.codePointAt(0)!
  if (encoding === 'latin1') {
    if (code > 0xff) throw new EncodingError(character)
    return byteEscape(code)
  }
  let out = ''
  for (const byte of Buffer.from(character, 'utf8')) out += byteEscape(byte)
  return out
}

/** Characters a URI query cannot hold as written (UP-CFG-7), besides non-ASCII and controls. */
const NOT_IN_QUERY = new Set([' ', '"', '#', '<', '>', '\\', '^', '`', '{', '|', '}'])

/** The string form of `query` (UP-CFG-7). */
export function encodeQueryString(text: string, encoding: Encoding): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const code = c.charCodeAt(0)
    if (c === '%') {
      out += /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)) ? '%' : '%25'
    } else if (code < 0x21 || code === 0x7f || NOT_IN_QUERY.has(c)) {
      out += byteEscape(code)
    } else if (code > 0x7f) {
      const character = String.fromCodePoint(text.codePointAt(i)!)
      out += escapeCharacter(character, encoding)
      i += character.length - 1
    } else out += c
  }
  return out
}

const FORM_KEPT = /[A-Za-z0-9*\-._]/

/** One name or value in `application/x-www-form-urlencoded` (space as `+`). */
export function encodeFormComponent(text: string, encoding: Encoding, rawChars = ''): string {
  let out = ''
  for (const character of text) {
    if (character === ' ') out += '+'
    else if (FORM_KEPT.test(character) || (rawChars !== '' && rawChars.includes(character))) out += character
    else if (character.charCodeAt(0) < 0x80) out += byteEscape(character.charCodeAt(0))
    else out += escapeCharacter(character, encoding)
  }
  return out
}

/** `n1=v1&n2=v2` from pairs, in order. */
export function encodeForm(
  pairs: readonly { readonly name: string; readonly value: string }[],
  encoding: Encoding,
  rawChars = '',
): string {
  let out = ''
  for (let i = 0; i < pairs.length; i++) {
    if (i > 0) out += '&'
    out +=
      encodeFormComponent(pairs[i]!.name, encoding, rawChars) +
      '=' +
      encodeFormComponent(pairs[i]!.value, encoding, rawChars)
  }
  return out
}

/**
 * Percent-encodes the non-ASCII characters after the authority of an absolute URL in `encoding`
 * (UP-CFG-2: the path in the request's encoding; the WHATWG parser would always use UTF-8). The host
 * is left to the URL parser (punycode).
 */
export function encodeNonAsciiAfterAuthority(url: string, encoding: Encoding): string {
  if (encoding === 'utf-8' || /^[\x00-\x7f]*$/.test(url)) return url
  const schemeEnd = url.indexOf('//')
  const start = schemeEnd < 0 ? 0 : schemeEnd + 2
  const rest = url.slice(start).search(/[/?#\\]/)
  if (rest < 0) return url
  const at = start + rest
  let out = url.slice(0, at)
  for (const character of url.slice(at))
    out += character.charCodeAt(0) > 0x7f ? escapeCharacter(character, encoding) : character
  return out
}
