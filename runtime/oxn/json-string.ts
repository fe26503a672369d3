/**
 * Strings in JSON output (templates.md T-ESC-1): `"` and `\` escaped, the short escapes for backspace,
 * form feed, LF, CR and tab, `\u00xx` (lower-case hex) for other control characters and for unpaired
 * surrogates; every other character as itself (`/`, U+007F, U+2028/9 included). That is exactly
 * ECMAScript's well-formed `JSON.stringify` for strings, which is also the fastest way to get it.
 */

/** `s` as a quoted JSON string (T-ESC-1). */
export function jsonString(s: string): string {
  return JSON.stringify(s)
}
