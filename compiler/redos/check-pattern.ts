/**
 * Reports a constant regular expression that can backtrack super-linearly (issue 14, part 5): a
 * warning at the pattern with the complexity and an attack string, or a note when the analysis could
 * not decide within its time limit. Never an error: the pattern is valid, and the author may have
 * bounded the input (SECURITY.md, "Regular expressions").
 */
import type { DiagnosticCode } from '../diagnostics/codes.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { Loc } from '../diagnostics/source.js'
import { analysePattern } from './analyse-pattern.js'

/** How much of a pattern or an attack string a message shows. */
const SHOWN_CHARACTERS = 80

/** Where a pattern is written and what runs. */
export interface ConstantPattern {
  /** The pattern as the author wrote it (shown in the message). */
  readonly written: string
  /** The JavaScript RegExp source and flags that run. */
  readonly source: string
  readonly flags: string
  readonly loc: Loc
}

/** A warning or note about a pattern, without its place. */
export interface BacktrackingProblem {
  readonly severity: 'warning' | 'note'
  readonly message: string
}

/** Analyses `pattern` and reports a warning (vulnerable) or a note (undecided) with `code`. */
export function checkPatternBacktracking(pattern: ConstantPattern, code: DiagnosticCode, bag: DiagnosticBag): void {
  const problem = backtrackingProblem(pattern.written, pattern.source, pattern.flags)
  if (problem?.severity === 'warning') bag.warning(code, pattern.loc, problem.message)
  else if (problem?.severity === 'note') bag.note(code, pattern.loc, problem.message)
}

/** The problem of the pattern written as `written` that runs as `new RegExp(source, flags)`, if any. */
export function backtrackingProblem(written: string, source: string, flags: string): BacktrackingProblem | undefined {
  const verdict = analysePattern(source, flags)
  const shown = quote(shorten(written))
  switch (verdict.kind) {
    case 'safe':
      return undefined
    case 'vulnerable':
      return {
        severity: 'warning',
        message: `regular expression ${shown} can take ${verdict.complexity} time on some inputs (super-linear backtracking), e.g. on ${shorten(verdict.attack)}`,
      }
    case 'unknown':
      return {
        severity: 'note',
        message: `regular expression ${shown} was not checked for super-linear backtracking: ${verdict.reason}`,
      }
  }
}

const LINE_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** In double quotes, backslashes as written (they are the pattern's), line breaks escaped so the message stays one line. */
function quote(text: string): string {
  return `"${text.replace(/[\u0000-\u001f\u2028\u2029]/g, (c) => LINE_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`
}

function shorten(text: string): string {
  return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS - 1)}…`
}
