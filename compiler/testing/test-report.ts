/**
 * What svc-test found, as data the reporters (tap.ts, junit.ts, json-report.ts) print: per test file
 * its label (operations.md TS11), every executed assertion with its position, expression, expected and
 * actual text (ACT-assert-1 .. ACT-assert-5), the error that ended it (TS10) and its duration; per run
 * the counts. Positions are relative to the current directory, as CL4 writes files. Also the
 * interface every reporter implements (reporter.ts chooses one).
 */

/** A 1-based position in a file named relative to the current directory. */
export interface Position {
  readonly file: string
  readonly line: number
  readonly column: number
}

export interface AssertionReport {
  /** Counts the file's executed assertions from 1, in execution order (backend flows included). */
  readonly index: number
  /** The assertion's message, else its expression (the TAP line's text). */
  readonly label: string
  readonly expression: string
  readonly message: string | null
  /** The assertion in a static body; the `<assert>` element for a dynamic one. */
  readonly at: Position | null
  readonly passed: boolean
  /** `3`, `"de"`, `a string containing "x"` ... (runtime/testing/compare.ts). */
  readonly expected: string
  readonly actual: string
}

/**
 * Why a file failed other than by a failed assertion: it is missing, does not compile, raised an
 * error, ran out of time, failed internally (these ended it early), or executed no assertion.
 */
export type FileErrorKind = 'not-found' | 'compile-error' | 'raised' | 'timeout' | 'internal' | 'no-assertion'

export interface FileError {
  readonly kind: FileErrorKind
  readonly at: Position | null
  /** The reason, without the position. */
  readonly message: string
}

export interface FileReport {
  /** The path as given on the command line. */
  readonly given: string
  /** The path relative to the current directory, with `/` (as positions name files). */
  readonly file: string
  /** The file as given, or `<METHOD> <target> (<file>)` after a `test-request` (TS11). */
  readonly label: string
  /** `<METHOD> <target>` of the file's first `test-request`, or null. */
  readonly request: string | null
  /** The `<svc-test>` element; null when the file was not compiled. */
  readonly root: Position | null
  readonly assertions: readonly AssertionReport[]
  readonly error: FileError | null
  readonly passed: boolean
  /** Wall time of this file's run (the shared build before it excluded). */
  readonly durationMs: number
}

export interface RunSummary {
  readonly files: number
  readonly passed: number
  readonly failed: number
  readonly durationMs: number
}

export interface Reporter {
  /** Before the first file runs. */
  start(files: number): void
  /** After each file, in the given order; `n` counts from 1. */
  file(n: number, report: FileReport): void
  /** After the last file. */
  finish(summary: RunSummary): void
  /**
   * Instead of running any file (TS3, CL9): `reason` is the TAP `Bail out!` text, `detail` the first
   * problem as `file:line:col: message` when known.
   */
  bailOut(reason: string, detail: string | null): void
}

export interface ReporterContext {
  /** The definition under test relative to the current directory, or null (TS2). */
  readonly definition: string | null
  readonly version: string
  /** When the run started (JUnit `timestamp`). */
  readonly startedAt: Date
}

export type Write = (text: string) => void

/** The failed assertions of a file. */
export function failuresOf(report: FileReport): readonly AssertionReport[] {
  return report.assertions.filter((assertion) => !assertion.passed)
}

/** `file:line:col`, as CL4 diagnostics write a position. */
export function positionText(position: Position): string {
  return `${position.file}:${position.line}:${position.column}`
}

/** `file:line:col: message`, the text of a TAP `# error:` line (TS11). */
export function errorText(error: FileError): string {
  return error.at === null ? error.message : `${positionText(error.at)}: ${error.message}`
}

/** Parses `file:line:col`; null for anything else. */
export function parsePosition(text: string): Position | null {
  const match = /^(.*):(\d+):(\d+)$/.exec(text)
  if (match === null || match[1] === '') return null
  return { file: match[1]!, line: Number(match[2]), column: Number(match[3]) }
}

/** `1 assertion`, `2 assertions`: English plurals, as the CL4 summary line writes counts. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** Milliseconds to three decimals (microseconds): finer digits are noise. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
