/**
 * The JSON reporter (issue 14): one document per run with every file, its assertions and failures
 * (location, expression, expected, actual), its error, durations and a summary.
 */
import { describe, expect, it } from 'vitest'

import { jsonReporter } from '../../../../compiler/testing/json-report.js'
import { ALL, CONTEXT, NASTY, SUMMARY } from './report-cases.js'

function report(): Record<string, unknown> {
  let text = ''
  const reporter = jsonReporter((chunk) => (text += chunk), CONTEXT)
  reporter.start(ALL.length)
  ALL.forEach((file, i) => reporter.file(i + 1, file))
  expect(text).toBe('')
  reporter.finish(SUMMARY)
  expect(text.endsWith('}\n')).toBe(true)
  return JSON.parse(text) as Record<string, unknown>
}

describe('jsonReporter', () => {
  it('the run: tool, definition, start, no bail-out, a summary with assertion counts', () => {
    const document = report()
    expect(document).toMatchObject({
      reportVersion: 1,
      tool: { name: 'svc-test', version: '9.9.9' },
      definition: 'definition.yaml',
      startedAt: '2026-03-14T09:26:53.589Z',
      bailOut: null,
      summary: { files: 5, passed: 1, failed: 4, assertions: 5, failedAssertions: 3, durationMs: 16.096 },
    })
    expect((document['files'] as unknown[]).length).toBe(5)
  })

  it('each file: path, label, request, outcome, duration, position, assertions, failures, error', () => {
    const [passed, failed, raised, , missing] = report()['files'] as Record<string, unknown>[]
    expect(passed).toEqual({
      file: 'tests/pass.xml',
      label: 'GET /shop/hello?name=Ada (./tests/pass.xml)',
      request: 'GET /shop/hello?name=Ada',
      passed: true,
      durationMs: 12.346,
      location: { file: 'tests/pass.xml', line: 1, column: 1 },
      assertions: [
        {
          index: 1,
          location: { file: 'tests/pass.xml', line: 3, column: 5 },
          expression: '1 + 1',
          message: null,
          passed: true,
          expected: '2',
          actual: '2',
        },
      ],
      failures: [],
      error: null,
    })
    expect(failed!['failures']).toEqual([
      {
        index: 2,
        location: { file: 'tests/a.xml', line: 5, column: 5 },
        expression: '1 + 1',
        message: 'math is broken',
        passed: false,
        expected: '3',
        actual: '2',
      },
      {
        index: 3,
        location: { file: 'tests/a.xml', line: 6, column: 5 },
        expression: "concat('a', 'b')",
        message: NASTY,
        passed: false,
        expected: 'a string containing "x"',
        actual: `"${NASTY}"`,
      },
    ])
    expect((failed!['assertions'] as unknown[]).length).toBe(3)
    expect(raised!['error']).toEqual({
      kind: 'raised',
      location: { file: 'tests/flows/sub.xml', line: 3, column: 3 },
      message: 'stop here (5000): the test gave up',
    })
    expect(missing).toMatchObject({
      location: null,
      error: { kind: 'not-found', location: null, message: 'file not found' },
    })
  })

  it('a run that bails out has the reason, the first problem and no files', () => {
    let text = ''
    jsonReporter((chunk) => (text += chunk), CONTEXT).bailOut(
      'definition has errors',
      'flows/a.xml:2:3: unknown action <evall>',
    )
    expect(JSON.parse(text)).toMatchObject({
      bailOut: { reason: 'definition has errors', detail: 'flows/a.xml:2:3: unknown action <evall>' },
      files: [],
      summary: { files: 0, passed: 0, failed: 0 },
    })
  })
})
