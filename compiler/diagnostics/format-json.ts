/**
 * `svc-compile --format json` (operations.md CL4): one JSON document with every printed diagnostic
 * (located.ts: file relative to the current directory, 1-based start and end line/column, related
 * locations, suggested names) and a summary. `formatVersion` changes only when a field changes
 * meaning or goes away; new fields may appear without a change.
 */
import type { Diagnostic } from './diagnostic.js'
import type { MachineFormatOptions } from './formats.js'
import { type LocatedDiagnostic, locateDiagnostic, selectPrinted } from './located.js'

export const JSON_FORMAT_VERSION = 1

export interface JsonFormatOptions extends MachineFormatOptions {
  /** Whether the build succeeded (no errors, output written or checked). */
  readonly ok: boolean
  /** Build time in milliseconds. */
  readonly elapsedMs: number
}

export interface JsonReport {
  readonly formatVersion: number
  readonly tool: { readonly name: string; readonly version: string }
  readonly ok: boolean
  readonly summary: {
    readonly errors: number
    readonly warnings: number
    readonly notes: number
    /** Errors found but not listed (more than 200, definition.md CC24). */
    readonly omittedErrors: number
    readonly durationMs: number
  }
  readonly diagnostics: readonly LocatedDiagnostic[]
}

export function jsonReport(diagnostics: readonly Diagnostic[], options: JsonFormatOptions): JsonReport {
  const { printed, errors, warnings, notes, omittedErrors } = selectPrinted(diagnostics, options.quiet)
  return {
    formatVersion: JSON_FORMAT_VERSION,
    tool: { name: options.tool.name, version: options.tool.version },
    ok: options.ok,
    summary: { errors, warnings, notes, omittedErrors, durationMs: Math.round(options.elapsedMs) },
    diagnostics: printed.map((diagnostic) => locateDiagnostic(diagnostic, options.cwd)),
  }
}

/** The document as printed: indented, one final newline. */
export function formatJson(diagnostics: readonly Diagnostic[], options: JsonFormatOptions): string {
  return `${JSON.stringify(jsonReport(diagnostics, options), null, 2)}\n`
}
