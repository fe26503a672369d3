/**
 * Compile errors of the test actions (actions.md "Test actions", ACT-COMMON-3): static bodies are
 * checked with exact `file:line:col`; test actions outside svc-test documents are a CE; the lowered
 * IR of valid actions. Expressions go through the real expression stage.
 */
import { describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../../compiler/diagnostics/diagnostic.js'
import { compileFlowFile } from '../../../../../compiler/flow/load-flows.js'
import type { BackendFlowNode } from '../../../../../compiler/ir/statements.js'
import type { AssertNode } from '../../../../../compiler/ir/test-actions.js'
import { parseExpression } from '../../../../../compiler/xpath/index.js'
import { reportLines, SITE } from '../helpers.js'

function compileTest(text: string, test = true) {
  const bag = new DiagnosticBag()
  const path = `${SITE}/tests/t.xml`
  const result = compileFlowFile(
    path,
    text,
    { siteRoot: SITE, parseExpression: (sub, b) => parseExpression(sub, b), test },
    bag,
  )
  return { ...result, lines: reportLines(bag, SITE) }
}

const svcTest = (body: string) => `<svc-test>\n${body}\n</svc-test>`

const CASES: [string, string, string[]][] = [
  [
    'assert: invalid JSON is a CE at the JSON error',
    svcTest('  <assert>[ [ "1 = 1", true ], ]</assert>'),
    [
      `tests/t.xml:2:32: error: the body of <assert> is not a JSON array: invalid JSON: unexpected character ']', expected a JSON value`,
    ],
  ],
  [
    'assert: an empty body',
    svcTest('  <assert/>'),
    ['tests/t.xml:2:3: error: the body of <assert> must be a JSON array of assertions; it is empty'],
  ],
  [
    'assert: an object instead of an array',
    svcTest('  <assert>{ "a": 1 }</assert>'),
    ['tests/t.xml:2:11: error: the body of <assert> must be a JSON array of assertions, not an object'],
  ],
  [
    'assert: an assertion that is not an array',
    svcTest('  <assert>[ [ "1" ], "2" ]</assert>'),
    ['tests/t.xml:2:22: error: assertion 2 must be an array [expression, expected?, message?], not a string'],
  ],
  [
    'assert: an empty assertion',
    svcTest('  <assert>[ [] ]</assert>'),
    ['tests/t.xml:2:13: error: assertion 1 is empty; expected [expression, expected?, message?]'],
  ],
  [
    'assert: more than three elements, at the fourth',
    svcTest('  <assert>[ [ "1", 1, "m", 4 ] ]</assert>'),
    ['tests/t.xml:2:28: error: assertion 1 has more than three elements'],
  ],
  [
    'assert: a non-string expression',
    svcTest('  <assert>[ [ 1 ] ]</assert>'),
    ['tests/t.xml:2:15: error: the expression of assertion 1 must be a string, not a number'],
  ],
  [
    'assert: a wrong message type',
    svcTest('  <assert>[ [ "1", 1, 2 ] ]</assert>'),
    ['tests/t.xml:2:23: error: the message of assertion 1 must be a string, not a number'],
  ],
  [
    'assert: an array as expected value',
    svcTest('  <assert>[ [ "1", [1] ] ]</assert>'),
    [
      'tests/t.xml:2:20: error: the expected value of assertion 1 must be a string, number, boolean, null or an object of compare flags, not an array',
    ],
  ],
  [
    'assert: an unknown compare flag, at its value',
    svcTest('  <assert>[ [ "1", { "contains": "a", "matches": "b" } ] ]</assert>'),
    [
      'tests/t.xml:2:50: error: unknown compare flag "matches" in assertion 1; expected file, mode, contains or pattern',
    ],
  ],
  [
    'assert: mode without file',
    svcTest('  <assert>[ [ "1", { "mode": "json" } ] ]</assert>'),
    ['tests/t.xml:2:30: error: the compare flag mode of assertion 1 needs file'],
  ],
  [
    'assert: a pattern modifier other than i, m, s, u',
    svcTest('  <assert>[ [ "1", { "pattern": "/a b/x" } ] ]</assert>'),
    ['tests/t.xml:2:33: error: invalid pattern in assertion 1: modifier x is not allowed here; use i, m, s or u'],
  ],
  [
    'assert: a pattern that does not compile',
    svcTest('  <assert>[ [ "1", { "pattern": "/(a/" } ] ]</assert>'),
    ['tests/t.xml:2:33: error: invalid pattern in assertion 1: the pattern does not compile: unterminated group'],
  ],
  [
    'assert: an invalid expression, at its column inside the JSON string',
    svcTest('  <assert>[ [ "$a + ", 1 ] ]</assert>'),
    ['tests/t.xml:2:21: error: syntax error in expression: unexpected end of input'],
  ],
  [
    'assert: an unknown function inside an escaped string, at the expression',
    svcTest('  <assert>[ [ "concat(\\"a\\", tolowr(\'B\'))", "ab" ] ]</assert>'),
    ['tests/t.xml:2:16: error: unknown function tolowr(); did you mean tolower()?'],
  ],
  [
    'assert: a syntax error after JSON escapes keeps its column',
    svcTest('  <assert>[ [ "\\"a\\" +" ] ]</assert>'),
    ['tests/t.xml:2:23: error: syntax error in expression: unexpected end of input'],
  ],
  [
    'set-env: an object value',
    svcTest('  <set-env>{ "A": "1", "B": { "c": 1 } }</set-env>'),
    ['tests/t.xml:2:29: error: <set-env>: the value of B must be a string, number, boolean or null, not an object'],
  ],
  [
    'set-env: an array body',
    svcTest('  <set-env>[]</set-env>'),
    ['tests/t.xml:2:12: error: the body of <set-env> must be a JSON object; found an array'],
  ],
  [
    'test-request: no path',
    svcTest('  <test-request>{ "method": "GET" }</test-request>'),
    ['tests/t.xml:2:17: error: test-request configuration: path is required (the request path, starting with /)'],
  ],
  [
    'test-request: a relative path, at the value',
    svcTest('  <test-request>{ "path": "shop" }</test-request>'),
    ['tests/t.xml:2:27: error: test-request configuration: path must start with "/": "shop"'],
  ],
  [
    'test-request: url is not a property (CW), the body otherwise fine',
    svcTest(
      '  <test-request>{ "path": "/a", "url": "http://x" }</test-request>\n  <assert>[ [ "$status", 200 ] ]</assert>',
    ),
    [
      'tests/t.xml:2:40: warning: test-request configuration: unknown property "url" in the test-request configuration is ignored',
    ],
  ],
  [
    'backend-flow: an invalid request ID',
    svcTest('  <backend-flow request="2nd">\n    <template>{}</template>\n  </backend-flow>'),
    [
      'tests/t.xml:2:17: error: invalid request ID "2nd" in request of <backend-flow>: use a letter or _, then letters, digits, _ or -',
    ],
  ],
  [
    'backend-flow: its statements are checked like any block',
    svcTest('  <backend-flow>\n    <evall/>\n  </backend-flow>'),
    ['tests/t.xml:3:5: error: unknown action <evall>; did you mean <eval>?'],
  ],
]

describe('test actions: compile errors', () => {
  it.each(CASES)('%s', (_, text, want) => {
    expect(compileTest(text).lines).toEqual(want)
  })

  it.each(['assert', 'set-env', 'test-request', 'backend-flow'])(
    'TS4: <%s> outside a svc-test document is a CE',
    (name) => {
      const { lines } = compileTest(`<flow>\n  <${name}>{}</${name}>\n</flow>`, false)
      expect(lines).toEqual([`tests/t.xml:2:3: error: test action <${name}> is only allowed in svc-test documents`])
    },
  )
})

describe('test actions: lowering', () => {
  it('a static assert keeps compiled expressions, expected values and messages', () => {
    const { flow, lines } = compileTest(
      svcTest('  <assert>[ [ "$status", 200, "ok" ], [ "$x" ], [ "$h", { "contains": "json" } ] ]</assert>'),
    )
    expect(lines).toEqual([])
    const node = flow!.body[0] as AssertNode
    expect(node.assertions!.map((a) => [a.expr.source, a.expected, a.message])).toEqual([
      ['$status', 200, 'ok'],
      ['$x', true, null],
      ['$h', { contains: 'json' }, null],
    ])
    expect(node.dir).toBe('tests')
  })

  it('a dynamic assert body is kept as a template', () => {
    const { flow, lines } = compileTest(svcTest('  <assert>[ [ {{ "\'$a\'" }}, 1 ] ]</assert>'))
    expect(lines).toEqual([])
    const node = flow!.body[0] as AssertNode
    expect(node.assertions).toBeNull()
    expect(node.template?.isStatic).toBe(false)
  })

  it('backend-flow holds its statements; no request ID is the catch-all', () => {
    const { flow } = compileTest(
      svcTest(
        '  <backend-flow request="stock">\n    <template>{}</template>\n  </backend-flow>\n  <backend-flow><break/></backend-flow>',
      ),
    )
    const [stock, any] = flow!.body as BackendFlowNode[]
    expect([stock!.request, stock!.body.map((s) => s.kind)]).toEqual(['stock', ['template']])
    expect([any!.request, any!.body.map((s) => s.kind)]).toEqual([null, ['break']])
  })

  it('test-request sets $status, $response and $headers for XC-7', () => {
    const { flow } = compileTest(svcTest('  <test-request>{ "path": "/" }</test-request>'))
    expect(flow!.assigned).toEqual(expect.arrayContaining(['status', 'response', 'headers']))
  })
})
