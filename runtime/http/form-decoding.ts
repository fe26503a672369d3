/**
 * `application/x-www-form-urlencoded` decoding of queries and form bodies (definition.md R6): `+` is a
 * space, escapes are decoded as UTF-8, an invalid escape is kept literally, bytes that do not form
 * valid UTF-8 become U+FFFD. Names are decoded the same way; members keep the position of the first
 * occurrence of their name and the last value wins; `?flag` gives `""`.
 */
import { hexByte } from './request-target.js'

/** Decoded pairs in order of appearance (duplicates kept; JsonObject.fromEntries resolves them). */
export function parseFormEncoded(text: string): [string, string][] {
  const pairs: [string, string][] = []
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('&', start)
    if (end < 0) end = text.length
    if (end > start) {
      const eq = text.indexOf('=', start)
      if (eq < 0 || eq > end) pairs.push([decodeFormComponent(text.slice(start, end)), ''])
      else pairs.push([decodeFormComponent(text.slice(start, eq)), decodeFormComponent(text.slice(eq + 1, end))])
    }
    start = end + 1
  }
  return pairs
}

/** Decodes one name or value; characters outside ASCII stand for their UTF-8 bytes. */
export function decodeFormComponent(text: string): string {
  let plain = true
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 37 || c === 43 || c > 127) {
      plain = false
      break
    }
  }
  if (plain) return text
  const bytes = Buffer.allocUnsafe(text.length * 3 + 1)
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 43) bytes[n++] = 32
    else if (c === 37 && hexByte(text, i + 1) >= 0) {
      bytes[n++] = hexByte(text, i + 1)
      i += 2
    } else if (c > 127) {
      // A surrogate pair is written as one code point.
      const char = String.fromCodePoint(text.codePointAt(i)!)
      n += bytes.write(char, n, 'utf8')
      i += char.length - 1
    } else bytes[n++] = c
  }
  return bytes.toString('utf8', 0, n)
}
