/**
 * Constant regular expressions that can backtrack super-linearly are warnings at the pattern, with
 * an attack string (issue 14, part 5), in whole compiles: the `regex` action, literal patterns of
 * `matches`, `replace`, `split`, `tokenize` and `fn:replace`, and schema `pattern`s of the
 * definition. Safe and computed patterns give nothing; warnings never stop the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { lineColOf } from '../../../../compiler/diagnostics/source.js'
import { compile } from '../../../../compiler/index.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

interface Found {
  readonly at: string
  readonly severity: string
  readonly code: string
  readonly message: string
}

const DEFINITION = 'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths:\n  /x:\n    x-svc-flow: flows/f.xml\n'

/** Compiles a project (`flows/f.xml` behind one route unless `definition` says otherwise). */
async function build(files: Record<string, string>): Promise<{ ok: boolean; found: Found[] }> {
  const root = mkdtempSync(join(tmpdir(), 'svc-redos-'))
  roots.push(root)
  for (const [path, text] of Object.entries({ 'definition.yaml': DEFINITION, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  const found = result.diagnostics.map((d) => {
    const { line, column } = lineColOf(d.loc.file, d.loc.start)
    return {
      at: `${d.loc.file.path.slice(root.length + 1)}:${line}:${column}`,
      severity: d.severity,
      code: d.code,
      message: d.message,
    }
  })
  return { ok: result.ok, found }
}

/** A flow whose line 2 sets `$v` and whose lines from 3 on are `lines`. */
const flow = (...lines: string[]) => ({
  'flows/f.xml': [
    '<flow>',
    '<eval out="$v">string($request/query/v)</eval>',
    ...lines.map((l) => `  ${l}`),
    '</flow>',
  ].join('\n'),
})

describe('vulnerable constant patterns are warnings with an attack string', () => {
  const CASES: [string, Record<string, string>, string, string, RegExp][] = [
    [
      'regex action',
      flow('<regex pattern="/(a+)+$/" replace="b" in="$v" out="$w"/>'),
      'flows/f.xml:3:10',
      'flow/redos-pattern',
      /"\/\(a\+\)\+\$\/" can take exponential time .* e\.g\. on 'a' \+ 'a'\.repeat\(\d+\)/,
    ],
    [
      'matches()',
      flow(`<eval out="$m">matches($v, '(a+)+$')</eval>`),
      'flows/f.xml:3:30',
      'xpath/redos-pattern',
      /"\(a\+\)\+\$" can take exponential time .* e\.g\. on 'a'/,
    ],
    [
      'replace() with flags',
      flow(`<eval out="$m">replace($v, '(a+)+$', '', 'i')</eval>`),
      'flows/f.xml:3:30',
      'xpath/redos-pattern',
      /exponential time .* e\.g\. on '/,
    ],
    [
      'split()',
      flow(`<eval out="$m">split($v, '(a|aa)+$')</eval>`),
      'flows/f.xml:3:28',
      'xpath/redos-pattern',
      /"\(a\|aa\)\+\$" can take exponential time/,
    ],
    [
      'tokenize() of fn',
      flow(`<eval out="$m">tokenize($v, '(a+)+$')</eval>`),
      'flows/f.xml:3:31',
      'xpath/redos-pattern',
      /"\(a\+\)\+\$" can take exponential time/,
    ],
    [
      'fn:replace()',
      flow(`<eval out="$m">fn:replace($v, '(a+)+$', '')</eval>`),
      'flows/f.xml:3:33',
      'xpath/redos-pattern',
      /exponential time/,
    ],
    [
      'an arrow call',
      flow(`<eval out="$m">$v => matches("(a+)+$")</eval>`),
      'flows/f.xml:3:32',
      'xpath/redos-pattern',
      /exponential time/,
    ],
    [
      'a polynomial pattern',
      flow(`<eval out="$m">replace($v, '\\s+$', '')</eval>`),
      'flows/f.xml:3:30',
      'xpath/redos-pattern',
      /"\\s\+\$" can take 2nd degree polynomial time .* e\.g\. on '/,
    ],
    // in templates, literal problems are reported at the placeholder (as XC-4 errors are)
    [
      'an expression in a template',
      flow('<template>{ "m": {{ matches($v, \'(a+)+$\') }} }</template>'),
      'flows/f.xml:3:20',
      'xpath/redos-pattern',
      /exponential time/,
    ],
  ]
  it.each(CASES)('%s', async (_, files, at, code, message) => {
    const { ok, found } = await build(files)
    expect(found.map(({ at, severity, code }) => ({ at, severity, code }))).toEqual([{ at, severity: 'warning', code }])
    expect(found[0]!.message).toMatch(message)
    expect(ok).toBe(true)
  })
})

describe('schema patterns of the definition (validation runs them on client input)', () => {
  it('a parameter, a body property and a patternProperties key', async () => {
    const definition = [
      'swagger: "2.0"',
      'info: { title: t, version: "1" }',
      'paths:',
      '  /x/{id}:',
      '    post:',
      '      x-svc-flow: flows/f.xml',
      '      parameters:',
      '        - { in: path, name: id, required: true, type: string, pattern: "^(a|aa)+$" }',
      '        - { in: query, name: q, type: string, pattern: "^[a-z]{1,8}$" }',
      '        - in: body',
      '          name: b',
      '          schema:',
      '            type: object',
      '            properties: { name: { type: string, pattern: "^([a-z]+)*$" } }',
      '            patternProperties: { "^(x+x+)+$": { type: string } }',
      '      responses: { 200: { description: ok } }',
    ].join('\n')
    const { ok, found } = await build({ 'definition.yaml': definition, ...flow() })
    expect(found.map(({ at, severity, code }) => ({ at, severity, code }))).toEqual([
      { at: 'definition.yaml:8:72', severity: 'warning', code: 'schema/redos-pattern' },
      { at: 'definition.yaml:14:58', severity: 'warning', code: 'schema/redos-pattern' },
      { at: 'definition.yaml:15:34', severity: 'warning', code: 'schema/redos-pattern' },
    ])
    expect(found[0]!.message).toMatch(
      /^regular expression "\^\(a\|aa\)\+\$" can take exponential time on some inputs \(super-linear backtracking\), e\.g\. on '/,
    )
    expect(ok).toBe(true)
  })
})

describe('what gives no warning', () => {
  const CASES: [string, Record<string, string>][] = [
    ['a safe regex action', flow('<regex pattern="/^[a-z]+$/i" replace="b" in="$v" out="$w"/>')],
    [
      'safe literal patterns',
      flow(`<eval out="$m">matches($v, '^[a-z0-9-]{1,64}$') and tokenize($v, ',')[1] = split($v, ';')[1]</eval>`),
    ],
    [
      'a computed pattern (not known at build time)',
      flow('<eval out="$p">concat("(a+)", "+$")</eval>', `<eval out="$m">matches($v, $p)</eval>`),
    ],
    ['fn:matches (fontoxpath matches without backtracking)', flow(`<eval out="$m">fn:matches($v, '(a+)+$')</eval>`)],
  ]
  it.each(CASES)('%s', async (_, files) => {
    const { ok, found } = await build(files)
    // a note only says the analysis ran out of time (a very busy machine); analyse-pattern.test.ts
    // pins the safe verdicts themselves without a time limit
    expect(found.filter((d) => d.severity !== 'note')).toEqual([])
    expect(ok).toBe(true)
  })

  it('an invalid pattern is only the error it was before', async () => {
    const { ok, found } = await build(flow(`<eval out="$m">matches($v, '((a+)+$')</eval>`))
    expect(found.map((d) => d.code)).toEqual(['xpath/invalid-regex'])
    expect(ok).toBe(false)
  })
})
