/**
 * Non-file fields of a `multipart/form-data` body for `$request/post` (definition.md section 10, R6
 * member rules): one member per part whose `Content-Disposition` has a `name` and no `filename`, value
 * decoded as UTF-8 (invalid bytes U+FFFD). A body without a usable boundary gives no fields.
 */

const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i
const NAME = /;\s*name\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
const FILENAME = /;\s*filename\*?\s*=/i
const CRLF_CRLF = Buffer.from('\r\n\r\n')

export function parseMultipartFields(body: Uint8Array, contentType: string): [string, string][] {
  const fields: [string, string][] = []
  forEachPart(body, contentType, (part) => {
    const field = readPart(part)
    if (field !== null) fields.push(field)
  })
  return fields
}

/** Names of the parts that carry a `filename` (file uploads; validation.md VA10 `type: file`). */
export function multipartFileNames(body: Uint8Array, contentType: string): string[] {
  const names: string[] = []
  forEachPart(body, contentType, (part) => {
    const disposition = dispositionOf(part)
    if (disposition === null || !FILENAME.test(disposition)) return
    const name = NAME.exec(disposition)
    if (name !== null) names.push(name[1] !== undefined ? name[1].replace(/\\(.)/g, '$1') : name[2]!)
  })
  return names
}

function forEachPart(body: Uint8Array, contentType: string, visit: (part: Buffer) => void): void {
  const match = BOUNDARY.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (boundary === undefined) return
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const delimiter = Buffer.from(`--${boundary}`, 'latin1')
  const between = Buffer.from(`\r\n--${boundary}`, 'latin1')
  let at = bytes.indexOf(delimiter)
  while (at >= 0) {
    let start = at + delimiter.length
    if (bytes[start] === 45 && bytes[start + 1] === 45) break // closing `--boundary--`
    const lineEnd = bytes.indexOf('\r\n', start)
    if (lineEnd < 0) break
    start = lineEnd + 2
    const end = bytes.indexOf(between, start)
    if (end < 0) break
    visit(bytes.subarray(start, end))
    at = end + 2
  }
}

/** The parameters of a part's `Content-Disposition` header, or null when it has none. */
function dispositionOf(part: Buffer): string | null {
  const headEnd = part.indexOf(CRLF_CRLF)
  const head = headEnd < 0 ? '' : part.toString('utf8', 0, headEnd)
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon >= 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition') return line.slice(colon + 1)
  }
  return null
}

function readPart(part: Buffer): [string, string] | null {
  const headEnd = part.indexOf(CRLF_CRLF)
  const head = headEnd < 0 ? '' : part.toString('utf8', 0, headEnd)
  const bodyStart = headEnd < 0 ? part.length : headEnd + 4
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue
    const params = line.slice(colon + 1)
    if (FILENAME.test(params)) return null
    const name = NAME.exec(params)
    if (name === null) return null
    const value = name[1] !== undefined ? name[1].replace(/\\(.)/g, '$1') : name[2]!
    return [value, part.toString('utf8', bodyStart)]
  }
  return null
}
