/**
 * Skipping XPath string literals and comments while scanning text that embeds expressions (template
 * commands, dynamic attribute values): braces inside them do not count.
 */

/** Offset after the string literal opening at `from` (a doubled quote continues it), or -1. */
export function afterString(text: string, from: number): number {
  const quote = text[from]!
  let i = from + 1
  for (;;) {
    const close = text.indexOf(quote, i)
    if (close < 0) return -1
    if (text[close + 1] !== quote) return close + 1
    i = close + 2
  }
}

/** Offset after the (nested) XPath comment opening at `from`, or -1 when it is not closed. */
export function afterXPathComment(text: string, from: number): number {
  let depth = 0
  let i = from
  while (i < text.length) {
    if (text.startsWith('(:', i)) {
      depth++
      i += 2
    } else if (text.startsWith(':)', i)) {
      i += 2
      if (--depth === 0) return i
    } else i++
  }
  return -1
}
