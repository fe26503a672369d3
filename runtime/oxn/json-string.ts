/**
 * Strings in JSON output (templates.md T-ESC-1): `"` and `\` escaped, the short escapes for backspace,
 * form feed, LF, CR and tab, `\u00xx` (lower-case hex) for other control characters and for unpaired
 * surrogates; every other character as itself (`/`, U+007F, U+2028/9 included). That is exactly
 * ECMAScript's well-formed `JSON.stringify` for strings.
 */

/** Characters `JSON.stringify` may escape; surrogates too, paired or not, to stay simple. */
const MAY_NEED_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/

/** `s` as a quoted JSON string (T-ESC-1). Most strings need no escape: quoting them is twice as fast. */
export function jsonString(s: string): string {
  return MAY_NEED_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"'
}
