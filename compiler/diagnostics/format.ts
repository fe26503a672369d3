/**
 * Prints diagnostics in the shape of operations.md CL4:
 *   file:line:col: error: message
 *    7 |   <eval out="$name">tolowr($request/query/name)</eval>
 *      |                     ^
 * then the summary line `<n> error(s), <m> warning(s)`.
 */
import { relative } from 'node:path'
import type { Diagnostic } from './diagnostic.js'
import { ERROR_CAP } from './diagnostic.js'
import { lineColOf, lineText } from './source.js'

export interface FormatOptions {
  /** Directory that file names are made relative to (the current directory). */
  readonly cwd: string
  /** Leave out warnings and notes (`--quiet`). */
  readonly quiet?: boolean
  /** Print code frames (default true). */
  readonly frames?: boolean
}

export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path)
  return rel === '' ? path : rel.split('\\').join('/')
}

export function formatDiagnostic(diagnostic: Diagnostic, options: FormatOptions): string {
  const { file, start } = diagnostic.loc
  const { line, column } = lineColOf(file, start)
  const lines = [`${displayPath(file.path, options.cwd)}:${line}:${column}: ${diagnostic.severity}: ${diagnostic.message}`]
  const source = lineText(file, line)
  if (options.frames !== false && source !== '') {
    const gutter = String(line)
    const caretPad = [...source].slice(0, column - 1).map((c) => (c === '\t' ? '\t' : ' ')).join('')
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

/** Full report: the diagnostics (errors capped, CC24) and the summary line. */
export function formatReport(diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length
  const out: string[] = []
  let printedErrors = 0
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error' && options.quiet) continue
    if (diagnostic.severity === 'error' && ++printedErrors > ERROR_CAP) continue
    out.push(formatDiagnostic(diagnostic, options))
  }
  if (errors > ERROR_CAP) out.push(`too many errors: showing the first ${ERROR_CAP} of ${errors}`)
  if (errors > 0 || (warnings > 0 && !options.quiet)) out.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}`)
  return out.length === 0 ? '' : out.join('\n') + '\n'
}
