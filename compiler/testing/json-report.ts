/**
 * `svc-test --reporter json` (issue 14): one JSON document when the run ends. Per file: its path, TAP
 * label, first `test-request`, pass/fail, duration, the `<svc-test>` element's position, every
 * executed assertion (index, position, expression, message, passed, expected and actual text), the
 * failed ones again under `failures`, and the error that failed it; then a summary. A run that bails
 * out (TS3, CL9) has `bailOut` and no files. The shape is documented in docs/testing.md; fields are
 * only ever added.
 */
import {
  type AssertionReport,
  failuresOf,
  type FileError,
  type FileReport,
  type Reporter,
  type ReporterContext,
  roundMs,
  type RunSummary,
  type Write,
} from './test-report.js'

/** Bumped only when a field changes meaning or disappears. */
export const JSON_REPORT_VERSION = 1

export function jsonReporter(write: Write, context: ReporterContext): Reporter {
  const files: object[] = []
  let assertions = 0
  let failedAssertions = 0
  const emit = (rest: object) =>
    write(
      `${JSON.stringify({ reportVersion: JSON_REPORT_VERSION, tool: { name: 'svc-test', version: context.version }, definition: context.definition, startedAt: context.startedAt.toISOString(), ...rest }, null, 2)}\n`,
    )
  return {
    start: () => undefined,
    file: (_n, report) => {
      assertions += report.assertions.length
      failedAssertions += failuresOf(report).length
      files.push(fileJson(report))
    },
    finish: (summary: RunSummary) =>
      emit({
        bailOut: null,
        files,
        summary: {
          files: summary.files,
          passed: summary.passed,
          failed: summary.failed,
          assertions,
          failedAssertions,
          durationMs: roundMs(summary.durationMs),
        },
      }),
    bailOut: (reason, detail) =>
      emit({
        bailOut: { reason, detail },
        files: [],
        summary: { files: 0, passed: 0, failed: 0, assertions: 0, failedAssertions: 0, durationMs: 0 },
      }),
  }
}

function fileJson(report: FileReport): object {
  return {
    file: report.file,
    label: report.label,
    request: report.request,
    passed: report.passed,
    durationMs: roundMs(report.durationMs),
    location: report.root,
    assertions: report.assertions.map(assertionJson),
    failures: failuresOf(report).map(assertionJson),
    error: report.error === null ? null : errorJson(report.error),
  }
}

function assertionJson(assertion: AssertionReport): object {
  const { index, location, expression, message, passed, expected, actual } = { ...assertion, location: assertion.at }
  return { index, location, expression, message, passed, expected, actual }
}

function errorJson(error: FileError): object {
  return { kind: error.kind, location: error.at, message: error.message }
}
