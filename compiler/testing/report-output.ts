/**
 * `svc-test --output <file>` (issue 14): the report goes to that file (its folder is created), and
 * stdout gets one line saying how the run went and where the report is, so a CI log still shows the
 * outcome. Without `--output` the report itself goes to stdout.
 */
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

import type { OutputStream } from '../serve/terminal.js'
import type { ReporterName } from './reporter.js'
import type { Reporter, Write } from './test-report.js'

export interface ReportFile {
  readonly write: Write
  close(): void
}

/** Creates (or empties) the report file; throws the file system's error when it cannot. */
export function openReportFile(path: string): ReportFile {
  mkdirSync(dirname(path), { recursive: true })
  const fd = openSync(path, 'w')
  return { write: (text) => writeFileSync(fd, text), close: () => closeSync(fd) }
}

/** `reporter`, plus the one stdout line of a run whose report went to `shownPath`. */
export function withSummaryLine(
  reporter: Reporter,
  stdout: OutputStream,
  name: ReporterName,
  shownPath: string,
): Reporter {
  const where = `${name} report in ${shownPath}`
  return {
    start: (files) => reporter.start(files),
    file: (n, report) => reporter.file(n, report),
    finish: (summary) => {
      reporter.finish(summary)
      stdout.write(`svc-test: passed: ${summary.passed}, failed: ${summary.failed} (${where})\n`)
    },
    bailOut: (reason, detail) => {
      reporter.bailOut(reason, detail)
      stdout.write(`svc-test: bail out: ${reason} (${where})\n`)
    },
  }
}
