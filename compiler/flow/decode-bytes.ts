/**
 * Turns the bytes of a flow file into a SourceFile (flows.md F-DOC-1): a leading UTF-8 byte order
 * mark is dropped; bytes that are not valid UTF-8 are a CE at the first invalid byte; an XML
 * declaration may only name UTF-8 or US-ASCII.
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { createSourceFile, locAt, type SourceFile } from '../diagnostics/source.js'

/** Decodes the bytes; reports F-DOC-1 problems. Returns undefined when the file cannot be used. */
export function decodeFlowBytes(path: string, bytes: Uint8Array, bag: DiagnosticBag): SourceFile | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    const bad = firstInvalidUtf8(bytes)
    // Text before the bad byte decodes cleanly, so its length is the offset of the bad character.
    const file = createSourceFile(path, new TextDecoder('utf-8').decode(bytes))
    const before = createSourceFile(path, new TextDecoder('utf-8').decode(bytes.subarray(0, bad)))
    const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')
    bag.error(
      'flow/invalid-utf8',
      locAt(file, before.text.length),
      `invalid UTF-8 byte 0x${hex}; flow files must be UTF-8`,
    )
    return undefined
  }
  const file = createSourceFile(path, text)
  return checkDeclaredEncoding(file, bag) ? file : undefined
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    let length: number
    let min: number
    if (b < 0x80) {
      i++
      continue
    } else if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80]
    else if (b >= 0xe0 && b <= 0xef) [length, min] = [3, 0x800]
    else if (b >= 0xf0 && b <= 0xf4) [length, min] = [4, 0x10000]
    else return i
    let code = b & (0xff >> (length + 1))
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]
      if (next === undefined || (next & 0xc0) !== 0x80) return i
      code = (code << 6) | (next & 0x3f)
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i
    i += length
  }
  return bytes.length
}

/** F-DOC-1: `encoding` in the XML declaration must be UTF-8 or US-ASCII. */
function checkDeclaredEncoding(file: SourceFile, bag: DiagnosticBag): boolean {
  const declaration = /^<\?xml\s[^>]*?\?>/.exec(file.text)
  if (!declaration) return true
  const encoding = /\sencoding\s*=\s*(["'])([^"']*)\1/.exec(declaration[0])
  if (!encoding) return true
  const name = encoding[2]!
  if (/^(utf-8|us-ascii)$/i.test(name)) return true
  const at = encoding.index + encoding[0].indexOf('encoding')
  bag.error(
    'flow/unsupported-encoding',
    locAt(file, at),
    `unsupported encoding ${name}; flow files must be UTF-8 (or US-ASCII)`,
  )
  return false
}
