/**
 * `svc-test --reporter junit` (issue 14): one JUnit XML document when the run ends, in the shape CI
 * tools read (Jenkins, GitLab, GitHub test-report actions). `<testsuites>` holds one `<testsuite>`
 * per run; each test file is one `<testcase>`: `classname` from its path (`tests/cart.xml` ->
 * `tests.cart`), `name` the path, `file`, `line` (its first failure, else its `<svc-test>` element),
 * `assertions` and `time` in seconds. A failed assertion is a `<failure type="assertion">` whose
 * message and text name its `file:line:col`, expression, expected and actual text; a file that
 * executed no assertion fails with `type="no-assertion"`. A file that could not run to its end
 * (missing, compile error, raised error, timeout) has one `<error>` instead, its text listing the
 * assertions that failed before: the common schema allows failures or errors in a test case, not both.
 */
import {
  type AssertionReport,
  counted,
  errorText,
  failuresOf,
  type FileReport,
  type Position,
  positionText,
  type Reporter,
  type ReporterContext,
  type Write,
} from './test-report.js'
import { xmlAttribute, xmlText } from './xml-text.js'

export function junitReporter(write: Write, context: ReporterContext): Reporter {
  const cases: string[] = []
  let failures = 0
  let errors = 0
  return {
    start: () => undefined,
    file: (_n, report) => {
      const kind = outcomeOf(report)
      if (kind === 'failure') failures++
      if (kind === 'error') errors++
      cases.push(testcase(report))
    },
    finish: (summary) =>
      write(document(context, { tests: summary.files, failures, errors, durationMs: summary.durationMs }, cases)),
    bailOut: (reason, detail) => {
      const name = context.definition ?? 'svc-test'
      const attributes = attributeList([
        ['classname', 'svc-test'],
        ['name', name],
        ...(context.definition === null ? [] : [['file', context.definition] as [string, string]]),
      ])
      const error = element(
        'error',
        [
          ['message', reason],
          ['type', 'bail-out'],
        ],
        detail === null ? '' : xmlText(detail),
      )
      write(
        document(context, { tests: 1, failures: 0, errors: 1, durationMs: 0 }, [
          `    <testcase ${attributes}>\n      ${error}\n    </testcase>\n`,
        ]),
      )
    },
  }
}

interface Counts {
  readonly tests: number
  readonly failures: number
  readonly errors: number
  readonly durationMs: number
}

function document(context: ReporterContext, counts: Counts, cases: readonly string[]): string {
  const totals: [string, string][] = [
    ['tests', String(counts.tests)],
    ['failures', String(counts.failures)],
    ['errors', String(counts.errors)],
    ['skipped', '0'],
    ['time', seconds(counts.durationMs)],
  ]
  // the Ant schema's timestamp: local form without a zone; ours is UTC
  const timestamp = context.startedAt.toISOString().slice(0, 19)
  const properties = [
    ['svc-gateway.version', context.version],
    ...(context.definition === null ? [] : [['definition', context.definition]]),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<testsuites ${attributeList([['name', 'svc-test'], ...totals])}>\n`,
    `  <testsuite ${attributeList([['name', 'svc-test'], ...totals, ['timestamp', timestamp]])}>\n`,
    '    <properties>\n',
    ...properties.map(
      ([name, value]) =>
        `      <property ${attributeList([
          ['name', name!],
          ['value', value!],
        ])}/>\n`,
    ),
    '    </properties>\n',
    ...cases,
    '  </testsuite>\n',
    '</testsuites>\n',
  ].join('')
}

function outcomeOf(report: FileReport): 'passed' | 'failure' | 'error' {
  if (report.passed) return 'passed'
  return report.error !== null && report.error.kind !== 'no-assertion' ? 'error' : 'failure'
}

function testcase(report: FileReport): string {
  const failed = failuresOf(report)
  const line = lineOf(report)
  const attributes = attributeList([
    ['classname', classNameOf(report.file)],
    ['name', report.file],
    ['file', report.file],
    ...(line === null ? [] : [['line', String(line)] as [string, string]]),
    ['assertions', String(report.assertions.length)],
    ['time', seconds(report.durationMs)],
  ])
  const children: string[] = []
  if (report.request !== null)
    children.push(
      `<properties><property ${attributeList([
        ['name', 'request'],
        ['value', report.request],
      ])}/></properties>`,
    )
  const kind = outcomeOf(report)
  if (kind === 'error') {
    const error = report.error!
    const before =
      failed.length === 0
        ? ''
        : `\n\n${counted(failed.length, 'assertion')} failed before:\n${failed.map((failure) => `\n${failureText(failure)}`).join('\n')}`
    children.push(
      element(
        'error',
        [
          ['message', errorText(error)],
          ['type', error.kind],
        ],
        xmlText(`${errorText(error)}${before}`),
      ),
    )
  } else if (kind === 'failure') {
    for (const failure of failed)
      children.push(
        element(
          'failure',
          [
            ['message', failureMessage(failure)],
            ['type', 'assertion'],
          ],
          xmlText(failureText(failure)),
        ),
      )
    if (report.error !== null)
      children.push(
        element(
          'failure',
          [
            ['message', errorText(report.error)],
            ['type', report.error.kind],
          ],
          xmlText(errorText(report.error)),
        ),
      )
  }
  if (children.length === 0) return `    <testcase ${attributes}/>\n`
  return `    <testcase ${attributes}>\n${children.map((child) => `      ${child}\n`).join('')}    </testcase>\n`
}

/**
 * The testcase's `line`: its first failed assertion in the file itself, else its error there, else its
 * `<svc-test>` element. A position in another file (a sub-flow) cannot go with the testcase's `file`.
 */
function lineOf(report: FileReport): number | null {
  const inFile = (position: Position | null) => (position?.file === report.file ? position : null)
  const first =
    failuresOf(report).find((failure) => inFile(failure.at) !== null)?.at ??
    inFile(report.error?.at ?? null) ??
    report.root
  return first?.line ?? null
}

/** `tests/fail.xml:5:5: math is broken: expected 3, got 2`. */
function failureMessage(failure: AssertionReport): string {
  const at = failure.at === null ? '' : `${positionText(failure.at)}: `
  return `${at}${failure.label}: expected ${failure.expected}, got ${failure.actual}`
}

function failureText(failure: AssertionReport): string {
  const lines = [
    `assertion ${failure.index}${failure.at === null ? '' : ` at ${positionText(failure.at)}`}`,
    `expression: ${failure.expression}`,
  ]
  if (failure.message !== null) lines.push(`message: ${failure.message}`)
  lines.push(`expected: ${failure.expected}`, `actual: ${failure.actual}`)
  return lines.join('\n')
}

/** `tests/cart.xml` -> `tests.cart`: Jenkins shows the part before the last dot as a package. */
export function classNameOf(file: string): string {
  const segments = file.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  const last = segments.length - 1
  if (last >= 0) segments[last] = segments[last]!.replace(/\.xml$/i, '')
  return segments.join('.') || file
}

function element(name: string, attributes: readonly [string, string][], content: string): string {
  return content === ''
    ? `<${name} ${attributeList(attributes)}/>`
    : `<${name} ${attributeList(attributes)}>${content}</${name}>`
}

function attributeList(attributes: readonly (readonly [string, string])[]): string {
  return attributes.map(([name, value]) => `${name}="${xmlAttribute(value)}"`).join(' ')
}

/** JUnit `time`: seconds with millisecond precision. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}
