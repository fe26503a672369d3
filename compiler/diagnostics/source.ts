/**
 * Source files and positions. Offsets are UTF-16 indices into `text`; line and column are computed
 * only when a diagnostic is printed (operations.md CL4: lines end at LF, CRLF or CR; columns count
 * code points from 1, a tab counting as one).
 */

export interface SourceFile {
  /** Absolute path on disk. */
  readonly path: string
  /** Decoded text (BOM removed). */
  readonly text: string
  /** Offsets at which each line starts; built on first use. */
  lineStarts?: number[]
}

export interface Loc {
  readonly file: SourceFile
  readonly start: number
  readonly end: number
}

export interface LineCol {
  readonly line: number
  readonly column: number
}

export function createSourceFile(path: string, text: string): SourceFile {
  return { path, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text }
}

export function locAt(file: SourceFile, start: number, end = start): Loc {
  return { file, start, end }
}

function lineStartsOf(file: SourceFile): number[] {
  if (file.lineStarts) return file.lineStarts
  const starts = [0]
  const text = file.text
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) starts.push(i + 1)
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++
      starts.push(i + 1)
    }
  }
  file.lineStarts = starts
  return starts
}

/** The 0-based index of the line holding `offset` (clamped to the text) and the offset where it starts. */
export function lineAt(file: SourceFile, offset: number): { readonly index: number; readonly start: number } {
  const starts = lineStartsOf(file)
  const at = Math.min(Math.max(offset, 0), file.text.length)
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const mid = (low + high + 1) >> 1
    if (starts[mid]! <= at) low = mid
    else high = mid - 1
  }
  return { index: low, start: starts[low]! }
}

/** 1-based line and column (in code points) of an offset. */
export function lineColOf(file: SourceFile, offset: number): LineCol {
  const line = lineAt(file, offset)
  const column = [...file.text.slice(line.start, Math.min(offset, file.text.length))].length + 1
  return { line: line.index + 1, column }
}

/** Text of a 1-based line without its line break. */
export function lineText(file: SourceFile, line: number): string {
  const starts = lineStartsOf(file)
  const start = starts[line - 1]
  if (start === undefined) return ''
  const next = starts[line] ?? file.text.length
  return file.text.slice(start, next).replace(/\r?\n$|\r$/, '')
}

/**
 * Text embedded in a file (an XPath in an attribute, a template in element text) whose characters
 * do not map 1:1 to file offsets, because the XML parser decoded entities or normalised whitespace.
 * `offsets[i]` is the file offset of `text[i]`; `offsets[text.length]` is the offset just after it.
 */
export interface SubSource {
  readonly file: SourceFile
  readonly text: string
  readonly offsets: readonly number[]
}

export function subSource(file: SourceFile, text: string, offsets?: readonly number[], baseOffset = 0): SubSource {
  if (offsets) return { file, text, offsets }
  const identity: number[] = new Array(text.length + 1)
  for (let i = 0; i <= text.length; i++) identity[i] = baseOffset + i
  return { file, text, offsets: identity }
}

/** Location in the file of a character range of a sub-source. */
export function subLoc(sub: SubSource, start: number, end = start): Loc {
  const clamp = (i: number) => Math.max(0, Math.min(i, sub.offsets.length - 1))
  return { file: sub.file, start: sub.offsets[clamp(start)]!, end: sub.offsets[clamp(end)]! }
}

/** A slice of a sub-source that keeps its mapping to file offsets. */
export function subSlice(sub: SubSource, start: number, end: number): SubSource {
  return { file: sub.file, text: sub.text.slice(start, end), offsets: sub.offsets.slice(start, end + 1) }
}
