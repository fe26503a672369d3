/**
 * `svc-test`: argv and the definition lookup around compiler/testing (operations.md TS1-TS12). The
 * report (TAP, JUnit XML or JSON, issue 14) goes to stdout or the `--output` file; diagnostics, logs
 * and debug output to stderr. Exit status (TS12): 0 when every file passed, 1 when a file failed or
 * the definition has errors, 2 for usage errors (including a report file that cannot be written).
 */
import { relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { parseDebugConfig } from '../../runtime/debug/config.js'
import { packageVersion } from '../package-root.js'
import { findDefinition } from '../testing/find-definition.js'
import { openReportFile, type ReportFile, withSummaryLine } from '../testing/report-output.js'
import { createReporter, type Reporter, REPORTER_NAMES, type ReporterName } from '../testing/reporter.js'
import { runTests } from '../testing/run-tests.js'

const USAGE = `Usage:
  svc-test [--definition <file>] [-d <debug>] [--timeout <seconds>] [--reporter tap|junit|json]
           [--output <file>] [--verbose] <test.xml>...

Runs svc-test documents against the application of a definition and prints a report (TAP by
default) on stdout.

Options:
      --definition <file>  the definition under test (default: swagger.yaml, swagger.yml, swagger.json,
                           definition.yaml, definition.yml or definition.json in the current directory,
                           else in the first test file's directory or one of its parents)
  -d, --debug <cfg>        debug configuration topic:level:sink for the tests (sets SVC_DEBUG)
      --timeout <seconds>  time limit of each test file (default 30)
      --reporter <name>    tap (default), junit (JUnit XML) or json
      --output <file>      write the report to <file>; stdout then gets one summary line
      --verbose            also print the access and upstream log lines, and every alert, to stderr
  -h, --help               show this help
      --version            print the version
`

/** Exit codes of TS12. */
const EXIT_OK = 0
const EXIT_FAILED = 1
const EXIT_USAGE = 2

const DEFAULT_TIMEOUT_SECONDS = 30

function usageError(message: string): number {
  process.stderr.write(`svc-test: ${message}\n\n${USAGE}`)
  return EXIT_USAGE
}

export async function main(argv: readonly string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        definition: { type: 'string' },
        debug: { type: 'string', short: 'd' },
        timeout: { type: 'string' },
        reporter: { type: 'string' },
        output: { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    })
  } catch (error) {
    return usageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(USAGE)
    return EXIT_OK
  }
  if (values.version) {
    process.stdout.write(`${packageVersion()}\n`)
    return EXIT_OK
  }
  if (positionals.length === 0) return usageError('missing test file')
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout)
  if (values.timeout !== undefined && (!/^\d+(\.\d+)?$/.test(values.timeout) || timeout <= 0)) {
    return usageError(`invalid timeout "${values.timeout}" (expected a number of seconds greater than 0)`)
  }
  if (values.debug !== undefined) {
    const debug = parseDebugConfig(values.debug)
    if (typeof debug === 'string') return usageError(`invalid debug configuration "${values.debug}": ${debug}`)
  }
  const reporterName = values.reporter ?? 'tap'
  if (!isReporterName(reporterName))
    return usageError(`unknown reporter "${reporterName}" (expected ${REPORTER_NAMES.join(', ')})`)
  if (values.output === '') return usageError('--output needs a file name')
  const cwd = process.cwd()
  const definition =
    values.definition !== undefined ? resolve(cwd, values.definition) : findDefinition(cwd, positionals[0])
  let output: ReportFile | null = null
  if (values.output !== undefined) {
    try {
      output = openReportFile(resolve(cwd, values.output))
    } catch (error) {
      return usageError(`cannot write the report to "${values.output}": ${(error as Error).message}`)
    }
  }
  const context = {
    definition: definition === null ? null : relative(cwd, definition).split('\\').join('/'),
    version: packageVersion(),
    startedAt: new Date(),
  }
  let reporter: Reporter = createReporter(
    reporterName,
    output?.write ?? ((text) => process.stdout.write(text)),
    context,
  )
  if (values.output !== undefined) reporter = withSummaryLine(reporter, process.stdout, reporterName, values.output)
  const env: Record<string, string | undefined> = { ...process.env }
  if (values.debug !== undefined) env['SVC_DEBUG'] = values.debug
  // stack traces locate errors raised deep below the test flow (compiler/testing/error-position.ts)
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 100)
  try {
    return await runTests({
      stdout: process.stdout,
      stderr: process.stderr,
      cwd,
      quiet: false,
      env,
      files: positionals.map((given) => ({ given, path: resolve(cwd, given) })),
      definition,
      timeoutSeconds: timeout,
      reporter,
      verbose: values.verbose === true,
    })
  } catch (error) {
    process.stderr.write(
      `svc-test: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    return EXIT_FAILED
  } finally {
    output?.close()
  }
}

function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name)
}
