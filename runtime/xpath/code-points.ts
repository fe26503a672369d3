/** Unicode code point order of strings (xpath-functions.md XP-CTX-3, XP-CMP-5): UTF-16 order differs for supplementary characters. */

/** -1, 0 or 1. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    // a surrogate (a code point above U+FFFF) sorts after every BMP character
    const xs = x >= 0xd800 && x <= 0xdfff
    const ys = y >= 0xd800 && y <= 0xdfff
    if (xs !== ys) return xs ? 1 : -1
    return x < y ? -1 : 1
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1
}

/** Number of code points (string-length, substring positions). */
export function codePointLength(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--
        i++
      }
    }
  }
  return count
}
