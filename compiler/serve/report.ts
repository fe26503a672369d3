/**
 * Printing of svc-compile's diagnostics (operations.md CL4, CL7) in the format chosen with `--format`:
 * `text` on stderr in the CL4 shape with each diagnostic's code and the build time in the summary
 * (coloured on a terminal or with FORCE_COLOR), `json`, `sarif` and `github` on stdout, so they can
 * be piped or redirected while progress lines stay on stderr. Also the one-line summaries of a build.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { formatReport } from '../diagnostics/format.js'
import { formatGithub } from '../diagnostics/format-github.js'
import { formatJson } from '../diagnostics/format-json.js'
import { formatSarif } from '../diagnostics/format-sarif.js'
import type { DiagnosticFormat } from '../diagnostics/formats.js'
import { assertNever } from '../diagnostics/invariant.js'
import { packageVersion } from '../package-root.js'
import { colourReport, type OutputStream, useColour } from './terminal.js'

export interface Streams {
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly cwd: string
  readonly quiet: boolean
  readonly env?: Readonly<Record<string, string | undefined>>
}

export interface PrintOptions {
  /** Default `text`. */
  readonly format?: DiagnosticFormat
  /** Build time: in the text summary line and the JSON summary. */
  readonly elapsedMs?: number
  /** Whether the build succeeded (JSON `ok`); default: no errors among the diagnostics. */
  readonly ok?: boolean
}

const TOOL = 'svc-compile'

/** Writes the diagnostics in the chosen format: text (and its summary line) to stderr, the others to stdout. */
export function printDiagnostics(
  streams: Streams,
  diagnostics: readonly Diagnostic[],
  options: PrintOptions = {},
): void {
  const format = options.format ?? 'text'
  const cwd = streams.cwd
  const quiet = streams.quiet
  switch (format) {
    case 'text': {
      const report = formatReport(diagnostics, {
        cwd,
        quiet,
        codes: true,
        ...(options.elapsedMs === undefined ? {} : { elapsedMs: options.elapsedMs }),
      })
      if (report !== '') streams.stderr.write(useColour(streams.stderr, streams.env) ? colourReport(report) : report)
      return
    }
    case 'json': {
      const ok = options.ok ?? !diagnostics.some((d) => d.severity === 'error')
      streams.stdout.write(formatJson(diagnostics, { cwd, quiet, tool: tool(), ok, elapsedMs: options.elapsedMs ?? 0 }))
      return
    }
    case 'sarif':
      streams.stdout.write(formatSarif(diagnostics, { cwd, quiet, tool: tool() }))
      return
    case 'github':
      streams.stdout.write(formatGithub(diagnostics, { cwd, quiet }))
      return
    default:
      assertNever(format)
  }
}

function tool(): { name: string; version: string } {
  return { name: TOOL, version: packageVersion() }
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
