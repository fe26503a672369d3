/**
 * The NCName test of oxn.md OXN-4: which member keys may become element names (XML 1.0 fifth
 * edition `Name` productions without the colon, Namespaces in XML `NCName`).
 */

/** True when `text` is an NCName (a valid XML name without a colon). */
export function isNCName(text: string): boolean {
  const length = text.length
  if (length === 0) return false
  let i = 0
  // ASCII fast path: most keys are plain identifiers
  let c = text.charCodeAt(0)
  if (c < 0x80) {
    if (!isAsciiNameStart(c)) return false
    i = 1
  }
  for (; i < length; i++) {
    c = text.charCodeAt(i)
    if (c < 0x80) {
      if (isAsciiNameStart(c) || c === 0x2d /* - */ || c === 0x2e /* . */ || (c >= 0x30 && c <= 0x39)) continue
      return false
    }
    const first = i === 0
    let codePoint = c
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = i + 1 < length ? text.charCodeAt(i + 1) : 0
      if (low < 0xdc00 || low > 0xdfff) return false
      codePoint = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000
      i++
    } else if (c >= 0xdc00 && c <= 0xdfff) return false
    if (isNameStartCodePoint(codePoint)) continue
    if (first || !isNameExtraCodePoint(codePoint)) return false
  }
  return true
}

function isAsciiNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f /* _ */
}

/** NameStartChar above ASCII (the colon is excluded for NCName). */
function isNameStartCodePoint(cp: number): boolean {
  if (cp < 0x80) return isAsciiNameStart(cp)
  return (
    (cp >= 0xc0 && cp <= 0xd6) ||
    (cp >= 0xd8 && cp <= 0xf6) ||
    (cp >= 0xf8 && cp <= 0x2ff) ||
    (cp >= 0x370 && cp <= 0x37d) ||
    (cp >= 0x37f && cp <= 0x1fff) ||
    (cp >= 0x200c && cp <= 0x200d) ||
    (cp >= 0x2070 && cp <= 0x218f) ||
    (cp >= 0x2c00 && cp <= 0x2fef) ||
    (cp >= 0x3001 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfdcf) ||
    (cp >= 0xfdf0 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0xeffff)
  )
}

/** NameChar additions above ASCII that may not start a name. */
function isNameExtraCodePoint(cp: number): boolean {
  return cp === 0xb7 || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x203f && cp <= 0x2040)
}
