/**
 * The `svc-test` command as users run it (operations.md TS1-TS12; actions.md "Test actions"): the
 * built `bin/svc-test.mjs` as a child process over the suites of test/fixtures/svc-test (the `shop`
 * application, a definition that does not compile, tests without a definition), and over the test
 * documents of every example. TAP on stdout is compared line by line; logs go to stderr. The JUnit
 * and JSON reporters and --output are read back with an XML parser (sax) and JSON.parse.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { childrenNamed, parseXmlTree } from '../helpers/xml-tree.js'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-test.mjs')
const FIXTURES = join(ROOT, 'test/fixtures/svc-test')
const SHOP = join(FIXTURES, 'shop')

interface Result {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** stderr without the JSON log lines. */
  readonly messages: string
  /** Milliseconds from the first stdout output (the TAP plan, written once the build is ready) to the exit. */
  readonly runMs: number
}

function svcTest(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, SVC_REVISION: '', ...env } })
    let stdout = ''
    let stderr = ''
    let firstOutputAt: number | undefined
    child.stdout.on('data', (chunk: Buffer) => {
      firstOutputAt ??= performance.now()
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => {
      const messages = stderr
        .split('\n')
        .filter((line) => !line.startsWith('{"timestamp"'))
        .join('\n')
      resolve({ code, stdout, stderr, messages, runMs: performance.now() - (firstOutputAt ?? performance.now()) })
    })
  })
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '')
/** The lines of a TAP report, each YAML block's `duration_ms` (it varies from run to run) as `<ms>`. */
const tapLines = (text: string) => lines(text).map((line) => line.replace(/^( {2}duration_ms: )\d+(\.\d+)?$/, '$1<ms>'))
/** The YAML diagnostic block of a failed file (TAP 14): fields in order, two-space indented. */
const yaml = (...body: string[]) => ['  ---', ...body.map((line) => `  ${line}`), '  ...']

// Each test runs the command up to four times, and each run compiles and bundles its definition: a few
// seconds apiece, over 15 s on a busy 2-core machine, so the 30 s default is too short for a test here.
const COMMAND_TESTS = { timeout: 120_000 }

const servers: Server[] = []
const tempDirs: string[] = []
afterEach(async () => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

describe('svc-test', COMMAND_TESTS, () => {
  it('TS12: usage errors exit 2, --help exits 0', async () => {
    const none = await svcTest([], SHOP)
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/^svc-test: missing test file/)
    const unknown = await svcTest(['--frobnicate', 'tests/pass.xml'], SHOP)
    expect(unknown.code).toBe(2)
    const timeout = await svcTest(['--timeout', '0', 'tests/pass.xml'], SHOP)
    expect(timeout.code).toBe(2)
    const help = await svcTest(['--help'], SHOP)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain(
      'svc-test [--definition <file>] [-d <debug>] [--timeout <seconds>] [--reporter tap|junit|json]',
    )
    const reporter = await svcTest(['--reporter', 'xunit', 'tests/pass.xml'], SHOP)
    expect(reporter.code).toBe(2)
    expect(reporter.stderr).toMatch(/^svc-test: unknown reporter "xunit" \(expected tap, junit, json\)/)
  })

  it('TS11: a passing suite: assertions, set-env, test-request, golden file, compare flags, get-log()', async () => {
    const result = await svcTest(['tests/pass.xml'], SHOP)
    expect(result.messages.trim()).toBe('')
    // issue 14: no access (or upstream) log lines unless --verbose
    expect(result.stderr).toBe('')
    expect(lines(result.stdout)).toEqual([
      'TAP version 14',
      '1..1',
      'ok 1 GET /shop/hello?name=Ada (tests/pass.xml): 19 assertions',
      '# passed: 1, failed: 0',
    ])
    expect(result.code).toBe(0)
  })

  it('TS10-TS12: failed assertions, a raised error, a compile error and a missing file, each in its TAP shape', async () => {
    const result = await svcTest(
      ['tests/fail.xml', 'tests/error.xml', 'tests/bad-json.xml', 'tests/missing.xml', 'tests/pass.xml'],
      SHOP,
    )
    const badJson = `the body of <assert> is not a JSON array: invalid JSON: unexpected character ']', expected a JSON value`
    expect(tapLines(result.stdout)).toEqual([
      'TAP version 14',
      '1..5',
      'not ok 1 tests/fail.xml: 4 assertions, 2 failed',
      ...yaml(
        'message: "2 of 4 assertions failed"',
        'severity: fail',
        'file: "tests/fail.xml"',
        'duration_ms: <ms>',
        'failures:',
        '  - assertion: 2',
        '    at: "tests/fail.xml:5:5"',
        '    expression: "1 + 1"',
        '    message: "math is broken"',
        '    expected: "3"',
        '    actual: "2"',
        '  - assertion: 3',
        '    at: "tests/fail.xml:6:5"',
        `    expression: "concat('a', 'b')"`,
        '    expected: "a string containing \\"x\\""',
        '    actual: "\\"ab\\""',
      ),
      '# assertion 2 (math is broken): expected 3, got 2',
      `# assertion 3 (concat('a', 'b')): expected a string containing "x", got "ab"`,
      'not ok 2 tests/error.xml: 1 assertion, 0 failed',
      ...yaml(
        'message: "tests/error.xml:3:3: stop here (5000): the test gave up"',
        'severity: fail',
        'file: "tests/error.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: raised',
        '  at: "tests/error.xml:3:3"',
        '  message: "stop here (5000): the test gave up"',
      ),
      '# error: tests/error.xml:3:3: stop here (5000): the test gave up',
      'not ok 3 tests/bad-json.xml: 0 assertions, 0 failed',
      ...yaml(
        `message: "tests/bad-json.xml:2:32: ${badJson}"`,
        'severity: fail',
        'file: "tests/bad-json.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: compile-error',
        '  at: "tests/bad-json.xml:2:32"',
        `  message: "${badJson}"`,
      ),
      `# error: tests/bad-json.xml:2:32: ${badJson}`,
      'not ok 4 tests/missing.xml: 0 assertions, 0 failed',
      ...yaml(
        'message: "file not found"',
        'severity: fail',
        'file: "tests/missing.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: not-found',
        '  message: "file not found"',
      ),
      '# error: file not found',
      'ok 5 GET /shop/hello?name=Ada (tests/pass.xml): 19 assertions',
      '# passed: 1, failed: 4',
    ])
    expect(result.code).toBe(1)
    // ACT-COMMON-4: compile errors of test documents in the CL4 shape, with a code frame
    expect(result.messages).toContain(`tests/bad-json.xml:2:32: error: the body of <assert> is not a JSON array`)
    expect(result.messages).toContain(
      ' 2 |   <assert>[ [ "1 = 1", true ], ]</assert>\n   |                                ^',
    )
  })

  it('ACT-assert-1, ACT-set-env-1: dynamic bodies are checked when they run; errors point into the flow that raised them', async () => {
    const result = await svcTest(['tests/dynamic.xml', 'tests/sub-flow-error.xml'], SHOP)
    const noBackend =
      "Upstream Request Failed (3101): Request 'stock' to http://stock.test/x failed: no backend flow registered"
    expect(tapLines(result.stdout)).toEqual([
      'TAP version 14',
      '1..2',
      'not ok 1 tests/dynamic.xml: 4 assertions, 0 failed',
      ...yaml(
        'message: "tests/dynamic.xml:7:3: assert: invalid expression in assertion 1: unexpected end of input"',
        'severity: fail',
        'file: "tests/dynamic.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: raised',
        '  at: "tests/dynamic.xml:7:3"',
        '  message: "assert: invalid expression in assertion 1: unexpected end of input"',
      ),
      '# error: tests/dynamic.xml:7:3: assert: invalid expression in assertion 1: unexpected end of input',
      'not ok 2 tests/sub-flow-error.xml: 1 assertion, 0 failed',
      // the error lies in the sub-flow; the file that failed is the test document
      ...yaml(
        `message: "tests/flows/fetch.xml:3:3: ${noBackend}"`,
        'severity: fail',
        'file: "tests/sub-flow-error.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: raised',
        '  at: "tests/flows/fetch.xml:3:3"',
        `  message: "${noBackend}"`,
      ),
      `# error: tests/flows/fetch.xml:3:3: ${noBackend}`,
      '# passed: 0, failed: 2',
    ])
  })

  it('TS8: backend flows answer request, requests and the test flow`s own request, in key order, with assertions inside', async () => {
    const result = await svcTest(['--verbose', 'tests/backend.xml'], SHOP)
    expect(lines(result.stdout)).toEqual([
      'TAP version 14',
      '1..1',
      'ok 1 GET /shop/items/A-1 (tests/backend.xml): 16 assertions',
      '# passed: 1, failed: 0',
    ])
    // LG5: every answer has its svc_request line (shown with --verbose)
    expect(result.stderr).toContain('"url":"http://stock.test/price/A-1","method":"GET","status":200')
  })

  it('TS8: an upstream request without a matching backend flow fails with 3101 (ENOBACKEND)', async () => {
    const result = await svcTest(['--verbose', 'tests/no-backend.xml'], SHOP)
    expect(lines(result.stdout)[2]).toBe('ok 1 GET /shop/items/A-1 (tests/no-backend.xml): 3 assertions')
    expect(result.stderr).toContain('"errorName":"ENOBACKEND","errorMessage":"no backend flow registered"')
  })

  it('TS6, TS7: variables are shared both ways; set-env reaches $env and {env: NAME} sources; POST with body and headers', async () => {
    const result = await svcTest(['tests/shared.xml'], SHOP)
    expect(lines(result.stdout)).toEqual([
      'TAP version 14',
      '1..1',
      'ok 1 GET /shop/mode (tests/shared.xml): 15 assertions',
      '# passed: 1, failed: 0',
    ])
  })

  it('TS9: each file starts afresh: no variables, overrides or backend flows from the file before', async () => {
    // shared.xml sets SHOP_MODE and a catch-all backend flow; pass.xml would see neither
    const result = await svcTest(['tests/shared.xml', 'tests/no-backend.xml'], SHOP)
    expect(lines(result.stdout).slice(2, 4)).toEqual([
      'ok 1 GET /shop/mode (tests/shared.xml): 15 assertions',
      'ok 2 GET /shop/items/A-1 (tests/no-backend.xml): 3 assertions',
    ])
  })

  it('TS3: a definition with compile errors bails out', async () => {
    const result = await svcTest(['tests/any.xml'], join(FIXTURES, 'broken'))
    expect(result.stdout).toBe('TAP version 14\nBail out! definition has errors\n')
    expect(result.code).toBe(1)
    expect(result.messages).toContain('flows/a.xml:2:3: error: unknown action <evall>; did you mean <eval>?')
  })

  it('TS2: without a definition, tests run; test-request fails', async () => {
    const result = await svcTest(['tests/plain.xml', 'tests/needs-app.xml'], join(FIXTURES, 'no-definition'))
    const noDefinition = 'test-request: there is no definition under test (svc-test found none; give --definition)'
    expect(tapLines(result.stdout)).toEqual([
      'TAP version 14',
      '1..2',
      'ok 1 tests/plain.xml: 2 assertions',
      'not ok 2 tests/needs-app.xml: 0 assertions, 0 failed',
      ...yaml(
        `message: "tests/needs-app.xml:2:3: ${noDefinition}"`,
        'severity: fail',
        'file: "tests/needs-app.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: raised',
        '  at: "tests/needs-app.xml:2:3"',
        `  message: "${noDefinition}"`,
      ),
      `# error: tests/needs-app.xml:2:3: ${noDefinition}`,
      '# passed: 1, failed: 1',
    ])
    expect(result.code).toBe(1)
  })

  it('TS2: the definition is found above the first test file, or named by --definition', async () => {
    const found = await svcTest(['shop/tests/pass.xml'], FIXTURES)
    expect(lines(found.stdout)[2]).toBe('ok 1 GET /shop/hello?name=Ada (shop/tests/pass.xml): 19 assertions')
    const named = await svcTest(
      ['--definition', '../shop/definition.yaml', 'tests/plain.xml'],
      join(FIXTURES, 'no-definition'),
    )
    expect(named.code).toBe(0)
  })

  it('TS10: a file running longer than --timeout fails', async () => {
    const silent = createServer(() => {})
    servers.push(silent)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    // the stock request would wait 20 s for the silent upstream (SVC_DEFAULT_TIMEOUT)
    const result = await svcTest(['--timeout', '0.5', 'tests/slow.xml', 'tests/fail.xml'], SHOP, {
      STOCK_ORIGIN: origin,
      SVC_DEFAULT_TIMEOUT: '20',
    })
    expect(tapLines(result.stdout).slice(0, 15)).toEqual([
      'TAP version 14',
      '1..2',
      'not ok 1 GET /shop/items/A-1 (tests/slow.xml): 0 assertions, 0 failed',
      ...yaml(
        'message: "tests/slow.xml:1:1: the test did not finish within 0.5 s"',
        'severity: fail',
        'file: "tests/slow.xml"',
        'duration_ms: <ms>',
        'error:',
        '  kind: timeout',
        '  at: "tests/slow.xml:1:1"',
        '  message: "the test did not finish within 0.5 s"',
      ),
      '# error: tests/slow.xml:1:1: the test did not finish within 0.5 s',
      'not ok 2 tests/fail.xml: 4 assertions, 2 failed',
    ])
    // the abandoned request is aborted: the command does not wait for the upstream timeout. Timed from
    // the plan line on, so that compiling the shop on a busy machine does not count
    expect(result.runMs).toBeLessThan(10000)
  })

  it('-d sets the debug configuration of the tests', async () => {
    const result = await svcTest(['-d', 'assert:debug:log', 'tests/fail.xml'], SHOP)
    expect(result.code).toBe(1)
    const invalid = await svcTest(['-d', 'x:y:z:w', 'tests/fail.xml'], SHOP)
    expect(invalid.code).toBe(2)
  })
})

/** Characters an XML 1.0 document cannot contain (sax does not reject them). */
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-report-'))
  tempDirs.push(dir)
  return dir
}

describe('svc-test --reporter, --output, --verbose (issue 14)', COMMAND_TESTS, () => {
  // tests/report.xml fails its assertion at 11:5 after a request that raised an alert (3101)
  const FILES = ['tests/report.xml', 'tests/pass.xml', 'tests/error.xml']
  const MESSAGE = 'the item is found: <b> & "quotes" \\u0007 ]]>'

  it('junit: parses as JUnit XML; one testcase per file; the failure names its file:line:col, expression, expected and actual', async () => {
    const result = await svcTest(['--reporter', 'junit', ...FILES], SHOP)
    expect(result.code).toBe(1)
    expect(result.stdout).not.toMatch(NOT_XML_CHAR)
    const root = parseXmlTree(result.stdout)
    expect(root.name).toBe('testsuites')
    expect(root.attributes).toMatchObject({ name: 'svc-test', tests: '3', failures: '1', errors: '1', skipped: '0' })
    const [suite] = childrenNamed(root, 'testsuite')
    expect(suite!.attributes).toMatchObject({ tests: '3', failures: '1', errors: '1' })
    const cases = childrenNamed(suite!, 'testcase')
    expect(cases.map(({ attributes: { time, ...rest } }) => [rest, time])).toEqual([
      [
        { classname: 'tests.report', name: 'tests/report.xml', file: 'tests/report.xml', line: '11', assertions: '2' },
        expect.stringMatching(/^\d+\.\d{3}$/),
      ],
      [
        { classname: 'tests.pass', name: 'tests/pass.xml', file: 'tests/pass.xml', line: '1', assertions: '19' },
        expect.stringMatching(/^\d+\.\d{3}$/),
      ],
      [
        { classname: 'tests.error', name: 'tests/error.xml', file: 'tests/error.xml', line: '3', assertions: '1' },
        expect.stringMatching(/^\d+\.\d{3}$/),
      ],
    ])
    const failures = childrenNamed(cases[0]!, 'failure')
    expect(failures.map((failure) => failure.attributes)).toEqual([
      { message: `tests/report.xml:11:5: ${MESSAGE}: expected 200, got 502`, type: 'assertion' },
    ])
    expect(failures[0]!.text).toBe(
      `assertion 2 at tests/report.xml:11:5\nexpression: $status\nmessage: ${MESSAGE}\nexpected: 200\nactual: 502`,
    )
    expect(cases[1]!.children.map((child) => child.name)).toEqual(['properties'])
    const errors = childrenNamed(cases[2]!, 'error')
    expect(errors.map((error) => error.attributes)).toEqual([
      { message: 'tests/error.xml:3:3: stop here (5000): the test gave up', type: 'raised' },
    ])
    // the failed file's alert explains its 502; access and upstream lines stay out without --verbose
    expect(result.stderr).toContain('"type":"svc_alert"')
    expect(result.stderr).toContain('no backend flow registered')
    expect(result.stderr).not.toContain('"type":"svc_access"')
    expect(result.stderr).not.toContain('"type":"svc_request"')
  })

  it('--output: the report goes to the file (its folder created), stdout gets one summary line; json reports every assertion', async () => {
    const dir = tempDir()
    const output = join(dir, 'reports', 'svc-test.json')
    const result = await svcTest(['--reporter', 'json', '--output', output, ...FILES], SHOP)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(`svc-test: passed: 1, failed: 2 (json report in ${output})\n`)
    const document = JSON.parse(readFileSync(output, 'utf8')) as {
      files: Record<string, unknown>[]
      summary: unknown
      bailOut: unknown
      definition: unknown
    }
    expect(document.bailOut).toBeNull()
    expect(document.definition).toBe('definition.yaml')
    expect(document.summary).toMatchObject({ files: 3, passed: 1, failed: 2, assertions: 22, failedAssertions: 1 })
    expect(document.files.map((file) => [file['file'], file['passed'], typeof file['durationMs']])).toEqual([
      ['tests/report.xml', false, 'number'],
      ['tests/pass.xml', true, 'number'],
      ['tests/error.xml', false, 'number'],
    ])
    expect(document.files[0]!['failures']).toEqual([
      {
        index: 2,
        location: { file: 'tests/report.xml', line: 11, column: 5 },
        expression: '$status',
        message: 'the item is found: <b> & "quotes" \u0007 ]]>',
        passed: false,
        expected: '200',
        actual: '502',
      },
    ])
    expect(document.files[2]!['error']).toEqual({
      kind: 'raised',
      location: { file: 'tests/error.xml', line: 3, column: 3 },
      message: 'stop here (5000): the test gave up',
    })
    // a dynamic body's assertions exist only once it ran: they name their <assert> element (line 4);
    // a static body's name their own `[` (line 6)
    const dynamic = await svcTest(['--reporter', 'json', 'tests/dynamic.xml'], SHOP)
    const assertions = (
      JSON.parse(dynamic.stdout) as { files: { assertions: { location: unknown; expression: string }[] }[] }
    ).files[0]!.assertions
    expect(assertions.map(({ location, expression }) => [location, expression])).toEqual([
      [{ file: 'tests/dynamic.xml', line: 4, column: 3 }, '1 + 2'],
      [{ file: 'tests/dynamic.xml', line: 4, column: 3 }, 'string-length("ab")'],
      [{ file: 'tests/dynamic.xml', line: 6, column: 13 }, '$env/TTL'],
      [{ file: 'tests/dynamic.xml', line: 6, column: 37 }, '$env/ON'],
    ])
  })

  it('--output with TAP and with JUnit; an unwritable report file is a usage error', async () => {
    const dir = tempDir()
    const tap = await svcTest(['--output', join(dir, 'report.tap'), 'tests/pass.xml'], SHOP)
    expect(tap.code).toBe(0)
    expect(tap.stdout).toBe(`svc-test: passed: 1, failed: 0 (tap report in ${join(dir, 'report.tap')})\n`)
    expect(readFileSync(join(dir, 'report.tap'), 'utf8')).toBe(
      'TAP version 14\n1..1\nok 1 GET /shop/hello?name=Ada (tests/pass.xml): 19 assertions\n# passed: 1, failed: 0\n',
    )
    const bail = await svcTest(
      ['--reporter', 'junit', '--output', join(dir, 'junit.xml'), 'tests/any.xml'],
      join(FIXTURES, 'broken'),
    )
    expect(bail.code).toBe(1)
    expect(bail.stdout).toBe(`svc-test: bail out: definition has errors (junit report in ${join(dir, 'junit.xml')})\n`)
    const [testcase] = childrenNamed(
      childrenNamed(parseXmlTree(readFileSync(join(dir, 'junit.xml'), 'utf8')), 'testsuite')[0]!,
      'testcase',
    )
    expect(childrenNamed(testcase!, 'error').map((error) => [error.attributes, error.text])).toEqual([
      [
        { message: 'definition has errors', type: 'bail-out' },
        'flows/a.xml:2:3: unknown action <evall>; did you mean <eval>?',
      ],
    ])
    const unwritable = await svcTest(['--output', join(dir, 'report.tap', 'x.tap'), 'tests/pass.xml'], SHOP)
    expect(unwritable.code).toBe(2)
    expect(unwritable.stderr).toMatch(/^svc-test: cannot write the report to ".*x\.tap": /)
  })

  it('--verbose prints every log line to stderr, access lines included', async () => {
    const result = await svcTest(['--verbose', 'tests/pass.xml'], SHOP)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('"type":"svc_access"')
    expect(result.stderr).toContain('"path":"/shop/hello?name=Ada","status":200')
  })
})

/** Every example with test documents: its tests pass (operations.md TS12 exit 0). */
const EXAMPLES = join(ROOT, 'examples')
const examplesWithTests = existsSync(EXAMPLES)
  ? readdirSync(EXAMPLES).filter(
      (name) =>
        existsSync(join(EXAMPLES, name, 'tests')) &&
        readdirSync(join(EXAMPLES, name, 'tests')).some((file) => file.endsWith('.xml')),
    )
  : []

describe.each(examplesWithTests)('svc-test on examples/%s', COMMAND_TESTS, (name) => {
  it('passes every test document', async () => {
    const dir = join(EXAMPLES, name)
    const tests = readdirSync(join(dir, 'tests'))
      .filter((file) => file.endsWith('.xml'))
      .sort()
      .map((file) => `tests/${file}`)
    const result = await svcTest(tests, dir)
    expect(result.stdout, result.messages).toMatch(/# passed: \d+, failed: 0\n$/)
    expect(result.code).toBe(0)
  })
})
