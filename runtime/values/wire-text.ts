/**
 * Header text as it travels (UP-CFG-4, F-RESP-6): node writes header strings one char per byte
 * (latin1), so characters above U+007F must be turned into their UTF-8 bytes first.
 */

/** Matches text that holds a character above U+007F. */
export const NON_ASCII = /[^\u0000-\u007f]/

/** Characters above U+007F as their UTF-8 bytes, one char per byte. */
export function wireText(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text
}
