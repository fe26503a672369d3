/**
 * File reports shared by the reporter tests: a passing file after a test-request, a file with two
 * failed assertions (one with text that XML, YAML and TAP must escape), a file that raised an error
 * after a failed assertion, a file that executed no assertion, and a missing one.
 */
import type { AssertionReport, FileReport, ReporterContext } from '../../../../compiler/testing/test-report.js'

export const CONTEXT: ReporterContext = {
  definition: 'definition.yaml',
  version: '9.9.9',
  startedAt: new Date('2026-03-14T09:26:53.589Z'),
}

function assertion(index: number, line: number, fields: Partial<AssertionReport> = {}): AssertionReport {
  return {
    index,
    label: '1 + 1',
    expression: '1 + 1',
    message: null,
    at: { file: 'tests/a.xml', line, column: 5 },
    passed: true,
    expected: '2',
    actual: '2',
    ...fields,
  }
}

/** Text with markup, quotes, a tab, line breaks, a bell (not an XML 1.0 character), `]]>` and U+2028. */
export const NASTY = 'a <b> & "c" \'d\'\ttab\r\nnext \u0007bell ]]> \u2028end'

export const PASSED: FileReport = {
  given: './tests/pass.xml',
  file: 'tests/pass.xml',
  label: 'GET /shop/hello?name=Ada (./tests/pass.xml)',
  request: 'GET /shop/hello?name=Ada',
  root: { file: 'tests/pass.xml', line: 1, column: 1 },
  assertions: [assertion(1, 3, { at: { file: 'tests/pass.xml', line: 3, column: 5 } })],
  error: null,
  passed: true,
  durationMs: 12.3456789,
}

export const FAILED: FileReport = {
  given: 'tests/a.xml',
  file: 'tests/a.xml',
  label: 'tests/a.xml',
  request: null,
  root: { file: 'tests/a.xml', line: 1, column: 1 },
  assertions: [
    assertion(1, 4),
    assertion(2, 5, { label: 'math is broken', message: 'math is broken', passed: false, expected: '3', actual: '2' }),
    assertion(3, 6, {
      label: NASTY,
      expression: "concat('a', 'b')",
      message: NASTY,
      passed: false,
      expected: 'a string containing "x"',
      actual: `"${NASTY}"`,
    }),
  ],
  error: null,
  passed: false,
  durationMs: 1.5,
}

export const RAISED: FileReport = {
  given: 'tests/error.xml',
  file: 'tests/error.xml',
  label: 'tests/error.xml',
  request: null,
  root: { file: 'tests/error.xml', line: 1, column: 1 },
  assertions: [
    assertion(1, 2, {
      at: { file: 'tests/error.xml', line: 2, column: 13 },
      passed: false,
      expected: 'true',
      actual: 'false',
      label: 'false()',
      expression: 'false()',
    }),
  ],
  error: {
    kind: 'raised',
    at: { file: 'tests/flows/sub.xml', line: 3, column: 3 },
    message: 'stop here (5000): the test gave up',
  },
  passed: false,
  durationMs: 2,
}

export const EMPTY: FileReport = {
  given: 'tests/empty.xml',
  file: 'tests/empty.xml',
  label: 'tests/empty.xml',
  request: null,
  root: { file: 'tests/empty.xml', line: 2, column: 1 },
  assertions: [],
  error: {
    kind: 'no-assertion',
    at: { file: 'tests/empty.xml', line: 2, column: 1 },
    message: 'no assertion was executed',
  },
  passed: false,
  durationMs: 0.25,
}

export const MISSING: FileReport = {
  given: 'tests/missing.xml',
  file: 'tests/missing.xml',
  label: 'tests/missing.xml',
  request: null,
  root: null,
  assertions: [],
  error: { kind: 'not-found', at: null, message: 'file not found' },
  passed: false,
  durationMs: 0,
}

export const ALL = [PASSED, FAILED, RAISED, EMPTY, MISSING]
export const SUMMARY = { files: 5, passed: 1, failed: 4, durationMs: 16.0956789 }
