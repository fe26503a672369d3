/**
 * The `svc-test` command as users run it (operations.md TS1-TS12; actions.md "Test actions"): the
 * built `bin/svc-test.mjs` as a child process over the suites of test/fixtures/svc-test (the `shop`
 * application, a definition that does not compile, tests without a definition), and over the test
 * documents of every example. TAP on stdout is compared line by line; logs go to stderr.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

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
afterEach(async () => {
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
    expect(help.stdout).toContain('svc-test [--definition <file>] [-d <debug>] [--timeout <seconds>] [--reporter tap|junit|json]')
    const reporter = await svcTest(['--reporter', 'xunit', 'tests/pass.xml'], SHOP)
    expect(reporter.code).toBe(2)
    expect(reporter.stderr).toMatch(/^svc-test: unknown reporter "xunit" \(expected tap, junit, json\)/)
  })

  it('TS11: a passing suite: assertions, set-env, test-request, golden file, compare flags, get-log()', async () => {
    const result = await svcTest(['tests/pass.xml'], SHOP)
    expect(result.messages.trim()).toBe('')
    expect(lines(result.stdout)).toEqual(['TAP version 14', '1..1', 'ok 1 GET /shop/hello?name=Ada (tests/pass.xml): 19 assertions', '# passed: 1, failed: 0'])
    expect(result.code).toBe(0)
  })

  it('TS10-TS12: failed assertions, a raised error, a compile error and a missing file, each in its TAP shape', async () => {
    const result = await svcTest(['tests/fail.xml', 'tests/error.xml', 'tests/bad-json.xml', 'tests/missing.xml', 'tests/pass.xml'], SHOP)
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
      ...yaml('message: "file not found"', 'severity: fail', 'file: "tests/missing.xml"', 'duration_ms: <ms>', 'error:', '  kind: not-found', '  message: "file not found"'),
      '# error: file not found',
      'ok 5 GET /shop/hello?name=Ada (tests/pass.xml): 19 assertions',
      '# passed: 1, failed: 4',
    ])
    expect(result.code).toBe(1)
    // ACT-COMMON-4: compile errors of test documents in the CL4 shape, with a code frame
    expect(result.messages).toContain(`tests/bad-json.xml:2:32: error: the body of <assert> is not a JSON array`)
    expect(result.messages).toContain(' 2 |   <assert>[ [ "1 = 1", true ], ]</assert>\n   |                                ^')
  })

  it('ACT-assert-1, ACT-set-env-1: dynamic bodies are checked when they run; errors point into the flow that raised them', async () => {
    const result = await svcTest(['tests/dynamic.xml', 'tests/sub-flow-error.xml'], SHOP)
    const noBackend = "Upstream Request Failed (3101): Request 'stock' to http://stock.test/x failed: no backend flow registered"
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
    expect(lines(result.stdout)).toEqual(['TAP version 14', '1..1', 'ok 1 GET /shop/items/A-1 (tests/backend.xml): 16 assertions', '# passed: 1, failed: 0'])
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
    expect(lines(result.stdout)).toEqual(['TAP version 14', '1..1', 'ok 1 GET /shop/mode (tests/shared.xml): 15 assertions', '# passed: 1, failed: 0'])
  })

  it('TS9: each file starts afresh: no variables, overrides or backend flows from the file before', async () => {
    // shared.xml sets SHOP_MODE and a catch-all backend flow; pass.xml would see neither
    const result = await svcTest(['tests/shared.xml', 'tests/no-backend.xml'], SHOP)
    expect(lines(result.stdout).slice(2, 4)).toEqual(['ok 1 GET /shop/mode (tests/shared.xml): 15 assertions', 'ok 2 GET /shop/items/A-1 (tests/no-backend.xml): 3 assertions'])
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
    const named = await svcTest(['--definition', '../shop/definition.yaml', 'tests/plain.xml'], join(FIXTURES, 'no-definition'))
    expect(named.code).toBe(0)
  })

  it('TS10: a file running longer than --timeout fails', async () => {
    const silent = createServer(() => {})
    servers.push(silent)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    // the stock request would wait 20 s for the silent upstream (SVC_DEFAULT_TIMEOUT)
    const result = await svcTest(['--timeout', '0.5', 'tests/slow.xml', 'tests/fail.xml'], SHOP, { STOCK_ORIGIN: origin, SVC_DEFAULT_TIMEOUT: '20' })
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

/** Every example with test documents: its tests pass (operations.md TS12 exit 0). */
const EXAMPLES = join(ROOT, 'examples')
const examplesWithTests = existsSync(EXAMPLES)
  ? readdirSync(EXAMPLES).filter((name) => existsSync(join(EXAMPLES, name, 'tests')) && readdirSync(join(EXAMPLES, name, 'tests')).some((file) => file.endsWith('.xml')))
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
