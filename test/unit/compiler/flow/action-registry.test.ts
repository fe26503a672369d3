/**
 * The action registries (compiler/flow/actions ACTIONS, compiler/emit/actions ACTION_EMITTERS): one
 * entry per IR action kind on each side, a gap is a type error (the `@ts-expect-error` lines fail
 * `tsc` when it is not), and every expression of every action reaches the build-time checks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { ACTION_EMITTERS, type ActionEmitterRegistry } from '../../../../compiler/emit/actions/index.js'
import { type ActionRegistry, ACTIONS } from '../../../../compiler/flow/actions/index.js'
import { ELEMENT_NAMES } from '../../../../compiler/flow/elements.js'
import { compileFlowFile } from '../../../../compiler/flow/load-flows.js'
import type { ActionKind, StatementNode } from '../../../../compiler/ir/statements.js'
import { expressionsOf, forEachStatement } from '../../../../compiler/validate/walk.js'
import { reportLines, stubParseExpression } from './helpers.js'

describe('registry exhaustiveness (type level)', () => {
  it('a registry without an entry for a kind does not type-check', () => {
    const { eval: _parser, ...withoutEval } = ACTIONS
    // @ts-expect-error the parse-side registry lacks `eval`
    const parsers: ActionRegistry = withoutEval
    const { eval: _emitter, ...withoutEvalEmitter } = ACTION_EMITTERS
    // @ts-expect-error the emit-side registry lacks `eval`
    const emitters: ActionEmitterRegistry = withoutEvalEmitter
    expect([parsers, emitters].map((registry) => 'eval' in registry)).toEqual([false, false])
  })

  it('an entry registered under another kind does not type-check', () => {
    // @ts-expect-error the entry of `echo` is not an entry of `eval`
    const swapped: ActionRegistry = { ...ACTIONS, eval: ACTIONS.echo }
    expect(swapped.eval.name).toBe('echo')
  })
})

describe('registry contents', () => {
  it('both sides list the same kinds, each entry named after its kind, each kind an element name', () => {
    const kinds = Object.keys(ACTIONS).sort()
    expect(Object.keys(ACTION_EMITTERS).sort()).toEqual(kinds)
    for (const [kind, entry] of Object.entries(ACTIONS)) {
      expect(entry.name).toBe(kind)
      expect(typeof entry.inputs).toBe('function')
      expect(ELEMENT_NAMES).toContain(kind)
    }
  })
})

/**
 * One action of each kind with `$probe` in every place its run reads an expression (none for the
 * actions that read no expression besides `if`); the walk must find each of them.
 */
const PROBES: { readonly [K in ActionKind]: string } = {
  eval: '<eval out="$o">$probe</eval>',
  echo: '<echo mime="{$probe}" status="{$probe}">x</echo>',
  dump: '<dump in="{$probe}" mime="{$probe}" status="{$probe}"/>',
  'set-status': '<set-status code="{$probe}"/>',
  'sub-flow': '<sub-flow src="sub.xml"/>',
  template: '<template in="{$probe}">{ "a": {{ $probe }} }</template>',
  'set-response-headers':
    '<set-response-headers in="{$probe}" status="{$probe}">{ "X-A": {{ $probe }} }</set-response-headers>',
  log: '<log>{{ $probe }}</log>',
  request: '<request content="{$probe}" url="{$probe}" method="{$probe}">{ "headers": {{ $probe }} }</request>',
  requests: '<requests>{ "a": {{ $probe }} }</requests>',
  'proxy-request': '<proxy-request>{ "origin": {{ $probe }} }</proxy-request>',
  error: '<error status="{$probe}">{ "m": {{ $probe }} }</error>',
  copy: '<copy in="{$probe}" out="$o"/>',
  regex: '<regex pattern="/a/" replace="b" in="{$probe}" out="$o"/>',
  nameshave: '<nameshave in="{$probe}" out="$o"/>',
  'pass-body': '<pass-body request="{$probe}" mime="{$probe}" status="{$probe}"/>',
  serve: '<serve dir="/static" fallback-doc="/index.html" out="$o"/>',
  xslt: '<xslt src="/s.xsl" in="{$probe}" out="$o"/>',
  auth: '<auth><user name="{$probe}" pass="{$probe}"/></auth>',
  'set-config': '<set-config><svc><validation response="true"/></svc></set-config>',
  debug: '<debug xpath="$probe"/>',
  assert: '<assert>{{ $probe }}</assert>',
  'set-env': '<set-env>{ "A": {{ $probe }} }</set-env>',
  'test-request': '<test-request>{ "path": {{ $probe }} }</test-request>',
}

const TEST_ONLY = new Set<string>(['assert', 'set-env', 'test-request'])
const site = mkdtempSync(join(tmpdir(), 'svc-registry-'))
mkdirSync(join(site, 'flows'))
mkdirSync(join(site, 'static'))
writeFileSync(join(site, 'flows/sub.xml'), '<flow/>')
writeFileSync(join(site, 'static/index.html'), '<p>x</p>')
writeFileSync(join(site, 's.xsl'), '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>')

afterAll(() => rmSync(site, { recursive: true, force: true }))

describe('every expression of every action is walked (XC-7 and the read analysis see it)', () => {
  it.each(Object.entries(PROBES))('%s', (kind, action) => {
    const root = TEST_ONLY.has(kind) ? 'svc-test' : 'flow'
    const bag = new DiagnosticBag()
    const { flow } = compileFlowFile(
      join(site, 'flows/f.xml'),
      `<${root}>${action}</${root}>`,
      { siteRoot: site, parseExpression: stubParseExpression, test: root === 'svc-test' },
      bag,
    )
    expect(reportLines(bag, site).filter((line) => line.includes('error:'))).toEqual([])
    const statements: StatementNode[] = []
    forEachStatement(flow!.body, (statement) => statements.push(statement))
    expect(statements.map((statement) => statement.kind)).toEqual([kind])
    const probes = statements.flatMap(expressionsOf).filter((expr) => expr.variables.includes('probe'))
    expect(probes).toHaveLength(action.split('$probe').length - 1)
  })
})
