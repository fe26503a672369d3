/**
 * `svc-compile --format github`: one GitHub Actions workflow command per diagnostic, which the runner
 * turns into an annotation on the file and line:
 *   ::error file=flows/a.xml,line=3,col=3,endLine=3,endColumn=9,title=flow/unknown-action::unknown action <evall>
 * `warning` stays `::warning`, `note` becomes `::notice`. Related locations follow the message on
 * lines of their own (`file:line:col: note: message`). Escaping is the runner's: `%`, CR and LF in the
 * message; also `:` and `,` in property values.
 */
import type { Diagnostic, Severity } from './diagnostic.js'
import type { MachineFormatOptions } from './formats.js'
import { locateDiagnostic, selectPrinted } from './located.js'

const COMMANDS: { readonly [S in Severity]: string } = { error: 'error', warning: 'warning', note: 'notice' }

/** Escapes the message of a workflow command. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** Escapes a property value of a workflow command. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

export function formatGithubDiagnostic(diagnostic: Diagnostic, cwd: string): string {
  const located = locateDiagnostic(diagnostic, cwd)
  const properties: [string, string | number][] = [
    ['file', located.file],
    ['line', located.start.line],
    ['col', located.start.column],
    ['endLine', located.end.line],
    ['endColumn', located.end.column],
    ['title', located.code],
  ]
  const notes = located.related.map(
    (related) => `\n${related.file}:${related.start.line}:${related.start.column}: note: ${related.message}`,
  )
  const list = properties.map(([name, value]) => `${name}=${escapeProperty(String(value))}`).join(',')
  return `::${COMMANDS[located.severity]} ${list}::${escapeData(located.message + notes.join(''))}`
}

/** One command per printed diagnostic (`--quiet`, the error cap, then a notice of the errors left out); '' when there is none. */
export function formatGithub(
  diagnostics: readonly Diagnostic[],
  options: Pick<MachineFormatOptions, 'cwd' | 'quiet'>,
): string {
  const { printed, errors, omittedErrors } = selectPrinted(diagnostics, options.quiet)
  const lines = printed.map((diagnostic) => formatGithubDiagnostic(diagnostic, options.cwd))
  if (omittedErrors > 0)
    lines.push(`::notice::${escapeData(`too many errors: showing the first ${errors - omittedErrors} of ${errors}`)}`)
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}
