/**
 * Percent-encoding of bytes (xpath-functions.md FN-urlencode-1, FN-urldecode-1, CODEC-1 `url-*`):
 * every byte except `A–Z a–z 0–9 - _ . ~` becomes `%XX` (upper-case hex); decoding turns each `%`
 * followed by two hex digits into that byte and keeps everything else, `+` included.
 */

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x5f ||
    byte === 0x2e ||
    byte === 0x7e
  )
}

const HEX = '0123456789ABCDEF'

export function percentEncode(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes)
    out += isUnreserved(byte) ? String.fromCharCode(byte) : '%' + HEX[byte >> 4] + HEX[byte & 15]
  return out
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

export function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  let at = 0
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!
    if (byte === 0x25) {
      const high = hexValue(bytes[i + 1])
      const low = hexValue(bytes[i + 2])
      if (high >= 0 && low >= 0) {
        out[at++] = (high << 4) | low
        i += 2
        continue
      }
    }
    out[at++] = byte
  }
  return out.subarray(0, at)
}
