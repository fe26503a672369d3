/**
 * A compiler diagnostic in LSP form: the same code and range as `svc-compile` prints. Compiler
 * offsets index UTF-16 units of the file's text, as LSP characters do, so a range is its offsets'
 * line and character; only the columns `svc-compile` prints count code points instead.
 */
import { pathToFileURL } from 'node:url'

import { type Diagnostic as LspDiagnostic, DiagnosticSeverity, type Position } from 'vscode-languageserver/node'

import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js'
import { lineAt, type SourceFile } from '../diagnostics/source.js'

const SEVERITIES: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  note: DiagnosticSeverity.Information,
}

/** The 0-based line and UTF-16 character of `offset` in `file`. */
export function positionOf(file: SourceFile, offset: number): Position {
  const line = lineAt(file, offset)
  return { line: line.index, character: Math.min(Math.max(offset, 0), file.text.length) - line.start }
}

export function toLspDiagnostic(diagnostic: Diagnostic): LspDiagnostic {
  const { file, start, end } = diagnostic.loc
  return {
    range: { start: positionOf(file, start), end: positionOf(file, end) },
    severity: SEVERITIES[diagnostic.severity],
    code: diagnostic.code,
    source: 'svc',
    message: diagnostic.message,
    ...(diagnostic.related && diagnostic.related.length > 0
      ? {
          relatedInformation: diagnostic.related.map((related) => ({
            location: {
              uri: pathToFileURL(related.loc.file.path).href,
              range: {
                start: positionOf(related.loc.file, related.loc.start),
                end: positionOf(related.loc.file, related.loc.end),
              },
            },
            message: related.message,
          })),
        }
      : {}),
  }
}
