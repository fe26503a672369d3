/**
 * Diagnostics and the bag that collects them. Implements definition.md CC24 (all errors, one per
 * problem, at most 200 printed, sorted by file, line, column) and the CE/CW classes of flows.md.
 */
import type { DiagnosticCode } from './codes.js'
import type { Loc } from './source.js'

export type Severity = 'error' | 'warning' | 'note'

export interface RelatedInfo {
  readonly message: string
  readonly loc: Loc
}

export interface Diagnostic {
  readonly code: DiagnosticCode
  readonly severity: Severity
  readonly loc: Loc
  /** Lower case, no final period (operations.md CL4). */
  readonly message: string
  readonly related?: readonly RelatedInfo[]
  /**
   * Names the message suggests instead of an unknown one (`; did you mean …?`), best first, without
   * the punctuation the message wraps them in (`<eval>` -> `eval`, `$request` -> `request`).
   */
  readonly suggestions?: readonly string[]
}

/** Number of errors printed at most (definition.md CC24). */
export const ERROR_CAP = 200

export class DiagnosticBag {
  readonly #items: Diagnostic[] = []
  #errorCount = 0
  readonly #seen = new Set<string>()

  error(
    code: DiagnosticCode,
    loc: Loc,
    message: string,
    related?: readonly RelatedInfo[],
    suggestions?: readonly string[],
  ): void {
    this.report({
      code,
      severity: 'error',
      loc,
      message,
      ...(related ? { related } : {}),
      ...withSuggestions(suggestions),
    })
  }

  warning(code: DiagnosticCode, loc: Loc, message: string, suggestions?: readonly string[]): void {
    this.report({ code, severity: 'warning', loc, message, ...withSuggestions(suggestions) })
  }

  note(code: DiagnosticCode, loc: Loc, message: string): void {
    this.report({ code, severity: 'note', loc, message })
  }

  /** Adds a diagnostic; the same message at the same place is kept once (CC24). */
  report(diagnostic: Diagnostic): void {
    const key = `${diagnostic.loc.file.path}\0${diagnostic.loc.start}\0${diagnostic.severity}\0${diagnostic.message}`
    if (this.#seen.has(key)) return
    this.#seen.add(key)
    if (diagnostic.severity === 'error') this.#errorCount++
    this.#items.push(diagnostic)
  }

  get hasErrors(): boolean {
    return this.#errorCount > 0
  }

  get errorCount(): number {
    return this.#errorCount
  }

  get warningCount(): number {
    return this.#items.filter((d) => d.severity === 'warning').length
  }

  /** All diagnostics in file, offset order (stable for equal positions). */
  sorted(): Diagnostic[] {
    return [...this.#items].sort(compareDiagnostics)
  }
}

/** The `suggestions` field, left out when there is none. */
function withSuggestions(suggestions: readonly string[] | undefined): { suggestions?: readonly string[] } {
  return suggestions && suggestions.length > 0 ? { suggestions } : {}
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.loc.file.path !== b.loc.file.path) return a.loc.file.path < b.loc.file.path ? -1 : 1
  return a.loc.start - b.loc.start
}
