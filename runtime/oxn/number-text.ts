/**
 * Numbers as text, both ways: xpath-functions.md XP-NUM-1 (the gateway's string form of a number),
 * templates.md T-OUT-4 (numbers in JSON output), oxn.md OXN-R7 (the JSON number grammar) and the
 * text-to-number rule of XP-CONV-2.
 */

/** XP-NUM-1: `NaN`, `INF`, `-INF`, `0` for either zero, else ECMAScript form with `E` (`1E21`, `1.5E-7`). */
export function formatXPathNumber(n: number): string {
  if (n === 0) return '0'
  if (n !== n) return 'NaN'
  if (n === Infinity) return 'INF'
  if (n === -Infinity) return '-INF'
  const text = String(n)
  const e = text.indexOf('e')
  if (e < 0) return text
  // `1e+21` -> `1E21`, `1.5e-7` -> `1.5E-7`
  return text.slice(0, e) + 'E' + (text.charCodeAt(e + 1) === 0x2b ? text.slice(e + 2) : text.slice(e + 1))
}

/** T-OUT-4: shortest round-trip ECMAScript form (`1e+21`), `0` for -0, `null` for NaN and infinities. */
export function formatJsonNumber(n: number): string {
  if (n === 0) return '0'
  if (!Number.isFinite(n)) return 'null'
  return String(n)
}

/** OXN-R7: the whole text matches `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. */
export function isJsonNumberLiteral(text: string): boolean {
  const length = text.length
  let pos = 0
  if (text.charCodeAt(pos) === 0x2d) pos++
  let c = text.charCodeAt(pos)
  if (c === 0x30) pos++
  else if (c >= 0x31 && c <= 0x39) pos = skipDigits(text, pos + 1)
  else return false
  if (text.charCodeAt(pos) === 0x2e) {
    const after = skipDigits(text, pos + 1)
    if (after === pos + 1) return false
    pos = after
  }
  c = text.charCodeAt(pos)
  if (c === 0x65 || c === 0x45) {
    pos++
    c = text.charCodeAt(pos)
    if (c === 0x2b || c === 0x2d) pos++
    const after = skipDigits(text, pos)
    if (after === pos) return false
    pos = after
  }
  return pos === length
}

function skipDigits(text: string, pos: number): number {
  for (;;) {
    const c = text.charCodeAt(pos)
    if (c >= 0x30 && c <= 0x39) pos++
    else return pos
  }
}

const XPATH_DOUBLE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/

/**
 * XP-CONV-2 for text: trims space, tab, CR and LF, then reads an `xs:double` literal (`12`, `.5`, `5.`,
 * `1E+3`, `+4`, `INF`, `+INF`, `-INF`, `NaN`); anything else is NaN.
 */
export function parseXPathDouble(text: string): number {
  const trimmed = trimXmlWhitespace(text)
  if (XPATH_DOUBLE.test(trimmed)) return Number(trimmed)
  switch (trimmed) {
    case 'INF':
    case '+INF':
      return Infinity
    case '-INF':
      return -Infinity
    default:
      return NaN
  }
}

/** Removes leading and trailing space, tab, CR and LF (not other Unicode white space). */
export function trimXmlWhitespace(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && isXmlWhitespace(text.charCodeAt(start))) start++
  while (end > start && isXmlWhitespace(text.charCodeAt(end - 1))) end--
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

export function isXmlWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
}
