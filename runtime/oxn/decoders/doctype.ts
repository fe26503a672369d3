/**
 * The DTD rule of XML input (oxn.md OXN-X1): a document type declaration without an internal subset
 * is accepted and ignored; one with an internal subset makes the document invalid, whatever it
 * declares, so no entity is ever expanded (the XML parser would expand them). Scans the prolog only:
 * the XML declaration, comments, processing instructions and white space before the declaration.
 */

/** The reason the prolog of `text` is refused, or undefined when it has no internal subset. */
export function internalSubsetProblem(text: string): string | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2)
      if (end < 0) return undefined
      i = end + 2
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4)
      if (end < 0) return undefined
      i = end + 3
    } else break
  }
  if (!text.startsWith('<!DOCTYPE', i)) return undefined
  // inside the declaration, only quoted literals may hide a `[` or `>`
  for (let j = i + 9; j < text.length; j++) {
    const c = text[j]
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, j + 1)
      if (end < 0) return undefined
      j = end
    } else if (c === '[') return 'a document type declaration with an internal subset is not allowed'
    else if (c === '>') return undefined
  }
  return undefined
}
