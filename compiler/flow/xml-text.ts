/**
 * Decoding of attribute values and character data with a map back to file offsets (flows.md F-DOC-8,
 * F-DOC-9). sax decodes entities but keeps no positions, so the raw slices are decoded here: each
 * decoded character records the file offset where it was written (an entity reference maps all its
 * characters to its `&`), so an expression error lands on the column an editor shows.
 */
import type { SourceFile, SubSource } from '../diagnostics/source.js'

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** Decodes `&...;` at `at`; returns the text and the offset after `;`. sax has already validated it. */
function decodeReference(text: string, at: number): { value: string; next: number } {
  const semi = text.indexOf(';', at)
  // sax accepts the predefined names and `#X` in any letter case; decode them the same way.
  const body = text.slice(at + 1, semi).toLowerCase()
  let value: string
  if (body.startsWith('#x')) value = String.fromCodePoint(parseInt(body.slice(2), 16))
  else if (body.startsWith('#')) value = String.fromCodePoint(parseInt(body.slice(1), 10))
  else value = PREDEFINED[body] ?? ''
  return { value, next: semi + 1 }
}

/** Collects decoded characters and their file offsets. */
class Builder {
  text = ''
  readonly offsets: number[] = []
  push(value: string, offset: number): void {
    this.text += value
    for (let k = 0; k < value.length; k++) this.offsets.push(offset)
  }
  finish(file: SourceFile, end: number): SubSource {
    return { file, text: this.text, offsets: [...this.offsets, end] }
  }
}

/**
 * An attribute value from its raw range (between the quotes), normalised as XML 1.0 section 3.3.3
 * requires (F-DOC-8): literal tab, CR, LF become a space (CRLF one space); references keep their
 * character.
 */
export function decodeAttributeValue(file: SourceFile, start: number, end: number): SubSource {
  const text = file.text
  const out = new Builder()
  let i = start
  while (i < end) {
    const c = text[i]!
    if (c === '&') {
      const { value, next } = decodeReference(text, i)
      out.push(value, i)
      i = next
    } else if (c === '\r' || c === '\n' || c === '\t') {
      out.push(' ', i)
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else {
      out.push(c, i)
      i++
    }
  }
  return out.finish(file, end)
}

/**
 * Character data of a range that holds no elements (F-DOC-8): text and CDATA sections in document
 * order, comments and processing instructions dropped, line ends normalised to LF (F-DOC-1).
 */
export function decodeCharacterData(file: SourceFile, start: number, end: number): SubSource {
  const text = file.text
  const out = new Builder()
  let i = start
  const pushChar = (at: number): number => {
    const c = text[at]!
    if (c === '\r') {
      out.push('\n', at)
      return text[at + 1] === '\n' ? at + 2 : at + 1
    }
    out.push(c, at)
    return at + 1
  }
  while (i < end) {
    if (text.startsWith('<!--', i)) i = text.indexOf('-->', i) + 3
    else if (text.startsWith('<![CDATA[', i)) {
      const close = text.indexOf(']]>', i)
      i += '<![CDATA['.length
      while (i < close) i = pushChar(i)
      i = close + 3
    } else if (text.startsWith('<?', i)) i = text.indexOf('?>', i) + 2
    else if (text[i] === '&') {
      const { value, next } = decodeReference(text, i)
      out.push(value, i)
      i = next
    } else i = pushChar(i)
  }
  return out.finish(file, end)
}

/** XML white space (S production). */
export function isXmlWhitespace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r'
}

/** Index of the first character that is not XML white space, or -1. */
export function firstNonWhitespace(text: string): number {
  for (let i = 0; i < text.length; i++) if (!isXmlWhitespace(text[i]!)) return i
  return -1
}
