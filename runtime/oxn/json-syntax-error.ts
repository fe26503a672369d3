/**
 * The error `parseJson` throws for text that is not strict RFC 8259 JSON (oxn.md OXN-13). It carries
 * the offset into the text and the 1-based line and column (UTF-16 code units) derived from it.
 */
export class JsonSyntaxError extends Error {
  /** 1-based line of `offset`. */
  readonly line: number
  /** 1-based column of `offset` within its line. */
  readonly column: number

  constructor(
    /** What is wrong, lower case (`unexpected character ','`). */
    readonly reason: string,
    /** Offset into the parsed text (UTF-16 code units) where the problem was found. */
    readonly offset: number,
    text: string,
  ) {
    const { line, column } = lineAndColumn(text, offset)
    super(`invalid JSON at line ${line}, column ${column}: ${reason}`)
    this.name = 'JsonSyntaxError'
    this.line = line
    this.column = column
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i)
    // CR LF counts as one line break; a lone CR too
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}
