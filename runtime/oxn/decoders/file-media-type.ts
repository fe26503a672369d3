/**
 * The media type of a file by its extension (operations.md FS3, the single source for every place that
 * derives one from a file name; flows.md F-LOC-3): case-insensitive, the last `.`-suffix of the file
 * name counts; anything else is `application/octet-stream`.
 */

const BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['html', 'text/html; charset=utf-8'],
  ['htm', 'text/html; charset=utf-8'],
  ['css', 'text/css; charset=utf-8'],
  ['js', 'text/javascript; charset=utf-8'],
  ['mjs', 'text/javascript; charset=utf-8'],
  ['txt', 'text/plain; charset=utf-8'],
  ['csv', 'text/csv'],
  ['json', 'application/json'],
  ['map', 'application/json'],
  ['xml', 'application/xml'],
  ['xsl', 'application/xml'],
  ['xslt', 'application/xml'],
  ['yaml', 'application/yaml'],
  ['yml', 'application/yaml'],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['ico', 'image/x-icon'],
  ['pdf', 'application/pdf'],
  ['woff', 'font/woff'],
  ['woff2', 'font/woff2'],
  ['wasm', 'application/wasm'],
])

export const DEFAULT_FILE_MEDIA_TYPE = 'application/octet-stream'

/** FS3: the media type of a file path (`conf/limits.json` -> `application/json`). */
export function mediaTypeOfFile(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  if (dot < 0) return DEFAULT_FILE_MEDIA_TYPE
  return BY_EXTENSION.get(name.slice(dot + 1).toLowerCase()) ?? DEFAULT_FILE_MEDIA_TYPE
}
