/**
 * Bytes and strings (xpath-functions.md BIN-1..BIN-3). BIN-1: a string becomes bytes by UTF-8, unless
 * this request's byte fallback made it, in which case it becomes exactly the bytes it stands for.
 * BIN-2: bytes become a string by UTF-8 when they are well-formed UTF-8; otherwise each byte becomes
 * the character with its code (U+0000..U+00FF) and the request remembers the bytes behind that string
 * (a per-request map on the FlowContext, BIN-3), so a chain of calls gives the bytes one
 * `apply-codecs()` would.
 */
import type { FunctionCall } from './call.js'

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** BIN-1: the bytes a string stands for. */
export function bytesOf(call: FunctionCall, text: string): Uint8Array {
  const remembered = call.ctx.binaryStrings?.get(text)
  return remembered ?? Buffer.from(text, 'utf8')
}

/** BIN-2: the string for bytes (UTF-8, else one character per byte, remembered for the request). */
export function stringOfBytes(call: FunctionCall, bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes)
  } catch {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
    const ctx = call.ctx
    ;(ctx.binaryStrings ??= new Map()).set(text, Uint8Array.from(bytes))
    return text
  }
}
