/**
 * Request header fields for `$request/headers` (definition.md R1, R5): names lower-cased, members in
 * the order each name first arrived, repeated fields joined with `, ` in arrival order (`cookie` with
 * `; `), for every name (node's own de-duplication is bypassed by reading `rawHeaders`). Values are
 * decoded as UTF-8 when their bytes are valid UTF-8, else as ISO-8859-1, and trimmed of spaces and tabs.
 */
import { isUtf8 } from 'node:buffer'

const HIGH_BYTE = /[\x80-\xff]/

/** `rawHeaders` of node: name, value, name, value ..., each value holding one character per byte. */
export function collectHeaders(rawHeaders: readonly string[]): Map<string, string> {
  const headers = new Map<string, string>()
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    const value = decodeHeaderValue(rawHeaders[i + 1]!)
    const earlier = headers.get(name)
    headers.set(name, earlier === undefined ? value : earlier + (name === 'cookie' ? '; ' : ', ') + value)
  }
  return headers
}

/** R5 decoding and trimming of one field value. */
export function decodeHeaderValue(raw: string): string {
  let value = trimSpacesAndTabs(raw)
  if (HIGH_BYTE.test(value)) {
    const bytes = Buffer.from(value, 'latin1')
    if (isUtf8(bytes)) value = bytes.toString('utf8')
  }
  return value
}

function trimSpacesAndTabs(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && isSpaceOrTab(text.charCodeAt(start))) start++
  while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9
}
