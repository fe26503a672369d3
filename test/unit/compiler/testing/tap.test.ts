/**
 * The TAP reporter (operations.md TS11; issue 14: TAP version 14): the version line, the plan, one
 * line per file, a YAML diagnostic block for a failed file (parsed here with a YAML parser) naming
 * each failed assertion's position, expression, expected and actual text, then TS11's comment lines.
 */
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

import { tapReporter, yamlString } from '../../../../compiler/testing/tap.js'
import { ALL, EMPTY, FAILED, MISSING, NASTY, PASSED, RAISED, SUMMARY } from './report-cases.js'

function run(files = ALL): string[] {
  const chunks: string[] = []
  const reporter = tapReporter((chunk) => chunks.push(chunk))
  reporter.start(files.length)
  files.forEach((file, i) => reporter.file(i + 1, file))
  reporter.finish(SUMMARY)
  return chunks
}

/** The YAML block after test point `n` (TAP 14: right after it, indented by two spaces). */
function yamlAfter(lines: readonly string[], point: string): unknown {
  const start = lines.indexOf(point) + 1
  expect(lines[start]).toBe('  ---')
  const end = lines.indexOf('  ...', start)
  return load(
    lines
      .slice(start + 1, end)
      .map((line) => line.slice(2))
      .join('\n'),
  )
}

describe('tapReporter', () => {
  it('streams: version and plan first, then each file as it finishes, then the summary', () => {
    const chunks = run()
    expect(chunks).toHaveLength(7)
    expect(chunks[0]).toBe('TAP version 14\n1..5\n')
    expect(chunks[1]).toBe('ok 1 GET /shop/hello?name=Ada (./tests/pass.xml): 1 assertion\n')
    expect(chunks[6]).toBe('# passed: 1, failed: 4\n')
  })

  it('a failed file: its test point, a YAML block, then one comment line per failed assertion', () => {
    const lines = run().join('').split('\n')
    const at = lines.indexOf('not ok 2 tests/a.xml: 3 assertions, 2 failed')
    const end = lines.indexOf('  ...', at)
    const oneLine = NASTY.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
    expect(lines.slice(end + 1, end + 3)).toEqual([
      '# assertion 2 (math is broken): expected 3, got 2',
      `# assertion 3 (${oneLine}): expected a string containing "x", got "${oneLine}"`,
    ])
    expect(yamlAfter(lines, 'not ok 2 tests/a.xml: 3 assertions, 2 failed')).toEqual({
      message: '2 of 3 assertions failed',
      severity: 'fail',
      file: 'tests/a.xml',
      duration_ms: 1.5,
      failures: [
        {
          assertion: 2,
          at: 'tests/a.xml:5:5',
          expression: '1 + 1',
          message: 'math is broken',
          expected: '3',
          actual: '2',
        },
        // any text comes back from the YAML unchanged: line breaks, quotes, controls
        {
          assertion: 3,
          at: 'tests/a.xml:6:5',
          expression: "concat('a', 'b')",
          message: NASTY,
          expected: 'a string containing "x"',
          actual: `"${NASTY}"`,
        },
      ],
    })
  })

  it('errors: the YAML names kind, position and message; the comment line keeps the TS11 shape', () => {
    const lines = run().join('').split('\n')
    expect(yamlAfter(lines, 'not ok 3 tests/error.xml: 1 assertion, 1 failed')).toMatchObject({
      message: 'tests/flows/sub.xml:3:3: stop here (5000): the test gave up',
      failures: [{ assertion: 1, at: 'tests/error.xml:2:13' }],
      error: { kind: 'raised', at: 'tests/flows/sub.xml:3:3', message: 'stop here (5000): the test gave up' },
    })
    expect(lines).toContain('# error: tests/flows/sub.xml:3:3: stop here (5000): the test gave up')
    expect(yamlAfter(lines, 'not ok 4 tests/empty.xml: 0 assertions, 0 failed')).toMatchObject({
      error: { kind: 'no-assertion', at: 'tests/empty.xml:2:1' },
    })
    expect(yamlAfter(lines, 'not ok 5 tests/missing.xml: 0 assertions, 0 failed')).toEqual({
      message: 'file not found',
      severity: 'fail',
      file: 'tests/missing.xml',
      duration_ms: 0,
      error: { kind: 'not-found', message: 'file not found' },
    })
    expect(lines).toContain('# error: file not found')
  })

  it('a passing file has no YAML block', () => {
    expect(run([PASSED]).join('')).toBe(
      'TAP version 14\n1..1\nok 1 GET /shop/hello?name=Ada (./tests/pass.xml): 1 assertion\n# passed: 1, failed: 4\n',
    )
  })

  it('bails out after the version line', () => {
    let text = ''
    tapReporter((chunk) => (text += chunk)).bailOut('definition has errors', 'x.xml:1:1: bad')
    expect(text).toBe('TAP version 14\nBail out! definition has errors\n')
  })

  it('keeps one line per test point even when labels hold line breaks', () => {
    const lines = run([{ ...FAILED, label: 'a\nb' }, RAISED, EMPTY, MISSING])
      .join('')
      .split('\n')
    expect(lines).toContain('not ok 1 a b: 3 assertions, 2 failed')
  })
})

describe('yamlString', () => {
  it.each([
    'plain',
    'quote " and backslash \\',
    'bell \u0007, DEL \u007f, C1 \u0085, NEL',
    'line\nbreaks\r\u2028\u2029',
    'BOM \ufeff',
    'astral 😀',
    '',
  ])('%j survives a YAML parser', (text) => {
    const quoted = yamlString(text)
    expect(quoted).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/)
    expect(load(`value: ${quoted}`)).toEqual({ value: text })
  })
})
