/**
 * The pieces of the JSON grammar (oxn.md OXN-13, RFC 8259) that the parser (parse-json.ts) and the
 * in-place reader (json-text.ts) both scan: number literals and the nesting limit. (Whitespace is
 * skipped by a loop of each one's own: a shared function measured 17 % slower on pretty-printed text.)
 */

/** Arrays/objects nested deeper than this are invalid (OXN-13: the top level is level 1). */
export const MAX_JSON_DEPTH = 512

/**
 * Where the number literal at `start` ends; when the text there is no number literal, `-1 - at` with
 * `at` the position that lacks a digit (numberFailure says which part).
 */
export function jsonNumberEnd(text: string, start: number): number {
  let pos = start
  if (text.charCodeAt(pos) === 0x2d /* - */) pos++
  let c = text.charCodeAt(pos)
  if (c === 0x30) pos++
  else if (c >= 0x31 && c <= 0x39) {
    do pos++
    while (isDigit(text.charCodeAt(pos)))
  } else return -1 - pos
  if (text.charCodeAt(pos) === 0x2e /* . */) {
    pos++
    if (!isDigit(text.charCodeAt(pos))) return -1 - pos
    do pos++
    while (isDigit(text.charCodeAt(pos)))
  }
  c = text.charCodeAt(pos)
  if (c === 0x65 || c === 0x45 /* e E */) {
    pos++
    c = text.charCodeAt(pos)
    if (c === 0x2b || c === 0x2d) pos++
    if (!isDigit(text.charCodeAt(pos))) return -1 - pos
    do pos++
    while (isDigit(text.charCodeAt(pos)))
  }
  return pos
}

/**
 * Why a number literal has no digit at `at` (where jsonNumberEnd stopped), told by what comes before:
 * the decimal point, the exponent's `e` and sign, or else the start (after an optional minus).
 */
export function numberFailure(text: string, at: number): string {
  const before = text.charCodeAt(at - 1)
  if (before === 0x2e) return 'invalid number, expected a digit after the decimal point'
  const marker = before === 0x2b || before === 0x2d ? text.charCodeAt(at - 2) : before
  if (marker === 0x65 || marker === 0x45) return 'invalid number, expected a digit in the exponent'
  return 'invalid number, expected a digit'
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}
