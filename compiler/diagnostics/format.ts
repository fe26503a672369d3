/**
 * Prints diagnostics in the shape of operations.md CL4 (svc-compile's `--format text`):
 *   file:line:col: error: message [xpath/unknown-function]
 *    7 |   <eval out="$name">tolowr($request/query/name)</eval>
 *      |                     ^
 * then the summary line `<n> error(s), <m> warning(s)` (with the build time when known). The code in
 * brackets ends the first line, so the CL4 prefix `file:line:col: severity: ` stays as it is.
 */
import type { Diagnostic } from './diagnostic.js'
import { ERROR_CAP } from './diagnostic.js'
import { displayPath, selectPrinted } from './located.js'
import { lineColOf, lineText } from './source.js'

export interface FormatOptions {
  /** Directory that file names are made relative to (the current directory). */
  readonly cwd: string
  /** Leave out warnings and notes (`--quiet`). */
  readonly quiet?: boolean
  /** Print code frames (default true). */
  readonly frames?: boolean
  /** End each diagnostic's first line with its code, ` [flow/unknown-action]` (svc-compile does). */
  readonly codes?: boolean
  /** Build time, added to the summary line: `1 error, 0 warnings in 0.42 s`. */
  readonly elapsedMs?: number
}

export function formatDiagnostic(diagnostic: Diagnostic, options: FormatOptions): string {
  const { file, start } = diagnostic.loc
  const { line, column } = lineColOf(file, start)
  const code = options.codes ? ` [${diagnostic.code}]` : ''
  const lines = [
    `${displayPath(file.path, options.cwd)}:${line}:${column}: ${diagnostic.severity}: ${diagnostic.message}${code}`,
  ]
  const source = lineText(file, line)
  if (options.frames !== false && source !== '') {
    const gutter = String(line)
    const caretPad = [...source]
      .slice(0, column - 1)
      .map((c) => (c === '\t' ? '\t' : ' '))
      .join('')
    lines.push(` ${gutter} | ${source}`, ` ${' '.repeat(gutter.length)} | ${caretPad}^`)
  }
  for (const related of diagnostic.related ?? []) {
    const at = lineColOf(related.loc.file, related.loc.start)
    lines.push(`${displayPath(related.loc.file.path, options.cwd)}:${at.line}:${at.column}: note: ${related.message}`)
  }
  return lines.join('\n')
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** `0.42 s` */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`
}

/** Full report: the diagnostics (errors capped, CC24) and the summary line. */
export function formatReport(diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  const { printed, errors, warnings } = selectPrinted(diagnostics, options.quiet)
  const out = printed.map((diagnostic) => formatDiagnostic(diagnostic, options))
  if (errors > ERROR_CAP) out.push(`too many errors: showing the first ${ERROR_CAP} of ${errors}`)
  const time = options.elapsedMs === undefined ? '' : ` in ${formatSeconds(options.elapsedMs)}`
  if (errors > 0 || (warnings > 0 && !options.quiet))
    out.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}${time}`)
  return out.length === 0 ? '' : out.join('\n') + '\n'
}
