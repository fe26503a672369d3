/**
 * svc-test's TAP output (operations.md TS11; issue 14: TAP version 14). `TAP version 14`, the plan
 * `1..<files>`; per file `ok <n> <label>: <k> assertions` or `not ok <n> <label>: <k> assertions, <f>
 * failed`. A failed file gets a YAML diagnostic block (TAP 14), then TS11's comment lines: one
 * `# assertion <i> (<message or expression>): expected <expected>, got <actual>` per failed assertion
 * and at most one `# error: ...`; last `# passed: <p>, failed: <f>`. The YAML block names each failed
 * assertion's position, expression, expected and actual text, the error and the file's duration.
 */
import {
  counted,
  errorText,
  failuresOf,
  type FileReport,
  positionText,
  type Reporter,
  roundMs,
  type Write,
} from './test-report.js'

export const TAP_VERSION_LINE = 'TAP version 14'

export function tapReporter(write: Write): Reporter {
  const lines = (list: readonly string[]) => write(list.map((line) => `${line}\n`).join(''))
  return {
    start: (files) => lines([TAP_VERSION_LINE, planLine(files)]),
    file: (n, report) => lines(fileLines(n, report)),
    finish: (summary) => lines([summaryLine(summary.passed, summary.failed)]),
    bailOut: (reason) => lines([TAP_VERSION_LINE, `Bail out! ${oneLine(reason)}`]),
  }
}

export function planLine(files: number): string {
  return `1..${files}`
}

/** The lines of one file (`n` counts from 1). */
export function fileLines(n: number, report: FileReport): string[] {
  const count = counted(report.assertions.length, 'assertion')
  if (report.passed) return [`ok ${n} ${oneLine(report.label)}: ${count}`]
  const failures = failuresOf(report)
  const lines = [`not ok ${n} ${oneLine(report.label)}: ${count}, ${failures.length} failed`, ...yamlBlock(report)]
  for (const failure of failures) {
    lines.push(
      `# assertion ${failure.index} (${oneLine(failure.label)}): expected ${oneLine(failure.expected)}, got ${oneLine(failure.actual)}`,
    )
  }
  if (report.error !== null) lines.push(`# error: ${oneLine(errorText(report.error))}`)
  return lines
}

export function summaryLine(passed: number, failed: number): string {
  return `# passed: ${passed}, failed: ${failed}`
}

/** TAP 14's diagnostic block of a failed file: YAML between `---` and `...`, indented by two spaces. */
function yamlBlock(report: FileReport): string[] {
  const failures = failuresOf(report)
  const error = report.error
  const message =
    error !== null ? errorText(error) : `${failures.length} of ${counted(report.assertions.length, 'assertion')} failed`
  const body = [
    `message: ${yamlString(message)}`,
    'severity: fail',
    `file: ${yamlString(report.file)}`,
    `duration_ms: ${roundMs(report.durationMs)}`,
  ]
  if (failures.length > 0) {
    body.push('failures:')
    for (const failure of failures) {
      body.push(`  - assertion: ${failure.index}`)
      const fields: [string, string | null][] = [
        ['at', failure.at === null ? null : positionText(failure.at)],
        ['expression', failure.expression],
        ['message', failure.message],
        ['expected', failure.expected],
        ['actual', failure.actual],
      ]
      for (const [key, value] of fields) if (value !== null) body.push(`    ${key}: ${yamlString(value)}`)
    }
  }
  if (error !== null) {
    body.push('error:', `  kind: ${error.kind}`)
    if (error.at !== null) body.push(`  at: ${yamlString(positionText(error.at))}`)
    body.push(`  message: ${yamlString(error.message)}`)
  }
  return ['  ---', ...body.map((line) => `  ${line}`), '  ...']
}

/**
 * A YAML double-quoted scalar. JSON string syntax is one (YAML 1.2), once the characters YAML does not
 * allow unescaped (DEL, C1 controls, line and paragraph separators, BOM, lone surrogates) are escaped.
 */
export function yamlString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** TAP lines end at line breaks: any inside a text become spaces. */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
}
