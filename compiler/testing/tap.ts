/**
 * svc-test's output (operations.md TS11): TAP version 13 style on stdout. The plan `1..<files>` first;
 * per file `ok <n> <label>: <k> assertions` or `not ok <n> <label>: <k> assertions, <f> failed`, then
 * for a failure one `# assertion <i> (<message or expression>): expected <expected>, got <actual>`
 * line per failed assertion and at most one `# error: ...` line; last `# passed: <p>, failed: <f>`.
 * Counts use English plurals (`1 assertion`), as the CL4 summary line does.
 */

export interface FileReport {
  /** The file as given, or `<METHOD> <target> (<file>)` after a `test-request`. */
  readonly label: string
  readonly assertions: number
  readonly failures: readonly { readonly index: number; readonly label: string; readonly expected: string; readonly actual: string }[]
  /** The error line's text after `# error: `, or null. */
  readonly error: string | null
  readonly passed: boolean
}

export function planLine(files: number): string {
  return `1..${files}`
}

/** The lines of one file (`n` counts from 1). */
export function fileLines(n: number, report: FileReport): string[] {
  const count = `${report.assertions} assertion${report.assertions === 1 ? '' : 's'}`
  if (report.passed) return [`ok ${n} ${oneLine(report.label)}: ${count}`]
  const lines = [`not ok ${n} ${oneLine(report.label)}: ${count}, ${report.failures.length} failed`]
  for (const failure of report.failures) {
    lines.push(`# assertion ${failure.index} (${oneLine(failure.label)}): expected ${oneLine(failure.expected)}, got ${oneLine(failure.actual)}`)
  }
  if (report.error !== null) lines.push(`# error: ${oneLine(report.error)}`)
  return lines
}

export function summaryLine(passed: number, failed: number): string {
  return `# passed: ${passed}, failed: ${failed}`
}

/** TAP lines end at line breaks: any inside a text become spaces. */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
}
