/**
 * The reporters of `svc-test --reporter` (issue 14): each receives the run as it happens and writes
 * its text through one `write` function (stdout, or the `--output` file). TAP writes each file as it
 * finishes (tap.ts); JUnit XML (junit.ts) and JSON (json-report.ts) are one document each, written
 * when the run ends.
 */
import { jsonReporter } from './json-report.js'
import { junitReporter } from './junit.js'
import { tapReporter } from './tap.js'
import type { Reporter, ReporterContext, Write } from './test-report.js'

export type { Reporter, ReporterContext, Write } from './test-report.js'

export const REPORTER_NAMES = ['tap', 'junit', 'json'] as const
export type ReporterName = (typeof REPORTER_NAMES)[number]

export function createReporter(name: ReporterName, write: Write, context: ReporterContext): Reporter {
  switch (name) {
    case 'tap':
      return tapReporter(write)
    case 'junit':
      return junitReporter(write, context)
    case 'json':
      return jsonReporter(write, context)
  }
}
