/**
 * Pretty layout of compact JSON text (xpath-functions.md FN-json-stringify-2): the layout of
 * ECMAScript `JSON.stringify(value, null, 2)` (one member or item per line, `": "` after keys, `{}` and
 * `[]` for empty containers), applied to text so that number literals stay as written.
 */

/** Re-lays out compact JSON (as `renderJson` writes it) with `indent` spaces per level. */
export function prettyJson(compact: string, indent = 2): string {
  const unit = ' '.repeat(indent)
  let out = ''
  let depth = 0
  let start = 0
  const length = compact.length
  for (let i = 0; i < length; i++) {
    const c = compact.charCodeAt(i)
    if (c === 0x22 /* " */) {
      // copy the whole string token, skipping escaped characters
      let j = i + 1
      while (j < length && compact.charCodeAt(j) !== 0x22) j += compact.charCodeAt(j) === 0x5c ? 2 : 1
      i = j
      continue
    }
    if (c === 0x7b || c === 0x5b /* { [ */) {
      const close = c === 0x7b ? 0x7d : 0x5d
      if (compact.charCodeAt(i + 1) === close) {
        i++
        continue
      }
      depth++
      out += compact.slice(start, i + 1) + '\n' + unit.repeat(depth)
      start = i + 1
    } else if (c === 0x7d || c === 0x5d /* } ] */) {
      depth--
      out += compact.slice(start, i) + '\n' + unit.repeat(depth)
      start = i
    } else if (c === 0x2c /* , */) {
      out += compact.slice(start, i + 1) + '\n' + unit.repeat(depth)
      start = i + 1
    } else if (c === 0x3a /* : */) {
      out += compact.slice(start, i + 1) + ' '
      start = i + 1
    }
  }
  return out + compact.slice(start)
}
