/**
 * `svc-compile --format sarif`: a SARIF 2.1.0 log with one run. Every diagnostic code is a rule
 * (`ruleId` = the code, help text from the table in codes.ts); results point at files relative to
 * the `%SRCROOT%` base, the current directory, so code scanning maps them onto the repository when
 * svc-compile runs from its root. Columns count code points as CL4 does (`columnKind`), and a
 * region's end column is the one after its last character (SARIF's convention, located.ts).
 */
import { isAbsolute } from 'node:path'
import { pathToFileURL } from 'node:url'

import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes.js'
import type { Diagnostic, Severity } from './diagnostic.js'
import type { MachineFormatOptions } from './formats.js'
import { locateDiagnostic, type LocatedRange, selectPrinted } from './located.js'

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'
export const SRCROOT = '%SRCROOT%'

const LEVELS: { readonly [S in Severity]: 'error' | 'warning' | 'note' } = {
  error: 'error',
  warning: 'warning',
  note: 'note',
}

const CODES = Object.keys(DIAGNOSTIC_CODES).sort() as DiagnosticCode[]
const RULE_INDEX = new Map(CODES.map((code, index) => [code, index]))

function rule(code: DiagnosticCode) {
  const text = DIAGNOSTIC_CODES[code]
  return {
    id: code,
    shortDescription: { text },
    fullDescription: { text },
    help: { text: `${text} (diagnostic code ${code})` },
  }
}

/** A relative path becomes a URI reference below %SRCROOT%; a path outside any base stays absolute. */
function artifactLocation(file: string) {
  if (isAbsolute(file)) return { uri: pathToFileURL(file).href }
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT }
}

function physicalLocation(range: LocatedRange) {
  return {
    artifactLocation: artifactLocation(range.file),
    region: {
      startLine: range.start.line,
      startColumn: range.start.column,
      endLine: range.end.line,
      endColumn: range.end.column,
    },
  }
}

function result(diagnostic: Diagnostic, cwd: string) {
  const located = locateDiagnostic(diagnostic, cwd)
  return {
    ruleId: located.code,
    ruleIndex: RULE_INDEX.get(located.code)!,
    level: LEVELS[located.severity],
    message: { text: located.message },
    locations: [{ physicalLocation: physicalLocation(located) }],
    ...(located.related.length > 0
      ? {
          relatedLocations: located.related.map((related, index) => ({
            id: index + 1,
            physicalLocation: physicalLocation(related),
            message: { text: related.message },
          })),
        }
      : {}),
    ...(located.suggestions.length > 0 ? { properties: { suggestions: located.suggestions } } : {}),
  }
}

export function sarifLog(diagnostics: readonly Diagnostic[], options: MachineFormatOptions) {
  const { printed, errors, omittedErrors } = selectPrinted(diagnostics, options.quiet)
  const notifications =
    omittedErrors > 0
      ? [
          {
            level: 'note' as const,
            message: { text: `too many errors: showing the first ${errors - omittedErrors} of ${errors}` },
          },
        ]
      : []
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0' as const,
    runs: [
      {
        tool: {
          driver: {
            name: options.tool.name,
            version: options.tool.version,
            semanticVersion: options.tool.version,
            rules: CODES.map(rule),
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        originalUriBaseIds: {
          [SRCROOT]: { uri: pathToFileURL(options.cwd.endsWith('/') ? options.cwd : `${options.cwd}/`).href },
        },
        columnKind: 'unicodeCodePoints' as const,
        results: printed.map((diagnostic) => result(diagnostic, options.cwd)),
      },
    ],
  }
}

/** The log as printed: indented, one final newline. */
export function formatSarif(diagnostics: readonly Diagnostic[], options: MachineFormatOptions): string {
  return `${JSON.stringify(sarifLog(diagnostics, options), null, 2)}\n`
}
