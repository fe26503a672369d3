/**
 * Diagnostics as the machine formats see them (operations.md CL4, svc-compile --format): which ones
 * are printed (`--quiet`, the error cap of definition.md CC24) and each one's file as the text shows
 * it, with 1-based start and end line/column counted as CL4 counts them (code points, a tab is one).
 * `end` is the position just after the range (SARIF's and LSP's convention), equal to `start` when the
 * compiler knows only a point.
 */
import { relative } from 'node:path'

import type { DiagnosticCode } from './codes.js'
import type { Diagnostic, Severity } from './diagnostic.js'
import { ERROR_CAP } from './diagnostic.js'
import { type LineCol, lineColOf, type Loc } from './source.js'

export interface LocatedRange {
  /** Relative to the current directory, `/`-separated, as the text format prints it. */
  readonly file: string
  readonly start: LineCol
  readonly end: LineCol
}

export interface LocatedRelated extends LocatedRange {
  readonly message: string
}

export interface LocatedDiagnostic extends LocatedRange {
  readonly severity: Severity
  readonly code: DiagnosticCode
  readonly message: string
  readonly related: readonly LocatedRelated[]
  /** Names suggested for an unknown one (the message's `; did you mean …?`), best first. */
  readonly suggestions: readonly string[]
}

/** `path` relative to `cwd`, with `/` separators (CL4). */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path)
  return rel === '' ? path : rel.split('\\').join('/')
}

export function locateRange(loc: Loc, cwd: string): LocatedRange {
  const start = lineColOf(loc.file, loc.start)
  return { file: displayPath(loc.file.path, cwd), start, end: lineColOf(loc.file, Math.max(loc.start, loc.end)) }
}

export function locateDiagnostic(diagnostic: Diagnostic, cwd: string): LocatedDiagnostic {
  return {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: diagnostic.message,
    ...locateRange(diagnostic.loc, cwd),
    related: (diagnostic.related ?? []).map((related) => ({
      message: related.message,
      ...locateRange(related.loc, cwd),
    })),
    suggestions: diagnostic.suggestions ?? [],
  }
}

export interface Selection {
  /** What is printed, in the bag's order: warnings and notes unless quiet, at most ERROR_CAP errors. */
  readonly printed: readonly Diagnostic[]
  /** Counts of everything found, printed or not (CL4 summary line, CC24). */
  readonly errors: number
  readonly warnings: number
  readonly notes: number
  /** Errors left out because of the cap. */
  readonly omittedErrors: number
}

export function selectPrinted(diagnostics: readonly Diagnostic[], quiet = false): Selection {
  const printed: Diagnostic[] = []
  let errors = 0
  let warnings = 0
  let notes = 0
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === 'error') errors++
    else if (diagnostic.severity === 'warning') warnings++
    else notes++
    if (diagnostic.severity !== 'error' && quiet) continue
    if (diagnostic.severity === 'error' && errors > ERROR_CAP) continue
    printed.push(diagnostic)
  }
  return { printed, errors, warnings, notes, omittedErrors: Math.max(0, errors - ERROR_CAP) }
}
