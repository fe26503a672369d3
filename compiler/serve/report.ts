/**
 * Printing of svc-compile's watch and serve modes (operations.md CL4, CL7): diagnostics on stderr in
 * the CL4 shape (coloured on a terminal only), one summary line per build on stdout.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { formatReport } from '../diagnostics/format.js'
import { colourReport, useColour, type OutputStream } from './terminal.js'

export interface Streams {
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly cwd: string
  readonly quiet: boolean
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** Writes the diagnostics (and their summary line) to stderr. */
export function printDiagnostics(streams: Streams, diagnostics: readonly Diagnostic[]): void {
  const report = formatReport(diagnostics, { cwd: streams.cwd, quiet: streams.quiet })
  if (report !== '') streams.stderr.write(useColour(streams.stderr, streams.env) ? colourReport(report) : report)
}

/** Writes an internal failure (a compiler bug, an unreadable output folder) to stderr. */
export function printFailure(streams: Streams, failure: string): void {
  streams.stderr.write(`svc-compile: internal error: ${failure}\n`)
}

export function printLine(streams: Streams, line: string): void {
  streams.stdout.write(`svc-compile: ${line}\n`)
}

/** `1 error` / `2 errors` of a failed build, for its summary line. */
export function errorCount(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  return errors === 0 ? 'internal error' : `${errors} error${errors === 1 ? '' : 's'}`
}
