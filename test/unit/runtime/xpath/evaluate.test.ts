/**
 * Evaluation entry points (xpath-functions.md XP-EBV-1, XP-CONV-1, XP-VAR-2, flows.md F-EXPR-3,
 * F-EXPR-5): conditions, strings, local scopes, run-time failures, and the hand-over from the fast
 * path to the engine for nodes of XML documents.
 */
import * as slimdom from 'slimdom'
import { describe, expect, it } from 'vitest'

import {
  type CompiledExpression,
  Content,
  evaluate,
  evaluateBoolean,
  evaluateString,
  evaluateWithEngine,
  RaisedError,
  type Sequence,
} from '../../../../runtime/index.js'
import { BODY_TEXT, describeSequence, variables } from './fixtures.js'
import { compile, context, engineOnly, loadGenerated } from './helpers.js'

function bothTiers(text: string): CompiledExpression[] {
  const node = compile(text)
  return [loadGenerated(node), engineOnly(node)]
}

describe('XP-EBV-1 conditions', () => {
  const CASES: [string, boolean][] = [
    ['$body/json/user/active', true],
    ['$body/json/user/nick', true],
    ['$body/json/missing', false],
    ['$flag', false],
    ['$seq', true],
    ['$map', true],
    ['$arr', true],
    ['$text', true],
    ["''", false],
    ['0', false],
    ['0 div 0', false],
    ['$missing', false],
    ['$body/json/user/active = true()', true],
    ['$nodes/qty', true],
  ]
  it.each(CASES)('%s is %s', (text, want) => {
    for (const expr of bothTiers(text)) expect(evaluateBoolean(context(variables()), expr)).toBe(want)
  })
})

describe('XP-CONV-1 strings', () => {
  const CASES: [string, string][] = [
    ['$body', BODY_TEXT],
    ['$body/json/user', 'Ann31truenullab'.replace('null', '')],
    ['$num', '5'],
    ['1 div 0', 'INF'],
    ['$missing', ''],
    ['$seq', '1'],
    ['$arr', '1'],
    ['$plain', 'plain text'],
    ['$body/json/json-element', '4.10'],
  ]
  it.each(CASES)('%s', (text, want) => {
    for (const expr of bothTiers(text)) expect(evaluateString(context(variables()), expr)).toBe(want)
  })
})

describe('F-EXPR-5 run-time failures', () => {
  it.each([
    ['not($seq)', 'FORG0006'],
    ['$map = 1', 'XPTY0004'],
    ["xs:date('soon')", 'FORG0001'],
  ])('%s fails with %s in both tiers', (text, code) => {
    for (const expr of bothTiers(text)) {
      let caught: unknown
      try {
        evaluate(context(variables()), expr)
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(RaisedError)
      const error = caught as RaisedError
      expect(error.code).toBe(5001)
      expect(error.status).toBe(500)
      expect(error.alertTopic).toBe('eval')
      const info = error.errorObject.get('info') as string[]
      expect(info[0]).toMatch(new RegExp(`^flows/t\\.xml:1:1: eval: ${code}: \\S`))
      expect(error.errorObject.get('requestID')).toBe('test-id')
    }
  })

  it('a map as a condition string fails (XP-CONV-1)', () => {
    for (const expr of bothTiers('$map')) expect(() => evaluateString(context(variables()), expr)).toThrow(RaisedError)
  })
})

describe('XP-VAR-2 local scope in front of the globals', () => {
  it('reads local variables first, then globals', () => {
    const locals = new Map<string, Sequence>([['x', ['local']]])
    const scope = { variable: (name: string) => locals.get(name) }
    for (const expr of bothTiers("concat($x, '-', $text)")) {
      expect(evaluate(context(variables()), expr, undefined, scope)).toEqual(['local-hello'])
    }
  })
})

describe('XML nodes go through the engine', () => {
  const xml = () => slimdom.parseXmlDocument('<r><item id="1">a</item><item id="2">b</item></r>')
  const CASES: [string, unknown[]][] = [
    ['$x/r/item[2]', ['item=b']],
    ['string($x/r/item[1])', ['a']],
    ['count($x/r/item)', [2]],
    ['$x/r/item/@id = 2', [true]],
    ['$x/r/item[@id = $body/json/items/value[2]/qty]', ['item=a']],
  ]
  it.each(CASES)('%s', (text, want) => {
    const node = compile(text)
    expect(node.plan.tier).toBe('fast')
    for (const expr of [loadGenerated(node), engineOnly(node)]) {
      const ctx = context({ ...variables(), x: [xml() as never] })
      expect(describeSequence(evaluate(ctx, expr))).toEqual(want)
    }
  })
})

describe('variables holding any items', () => {
  const more = () => {
    const vars = variables()
    const attribute = evaluate(context(vars), loadGenerated(compile('$body/json/user/@object')))
    return { ...vars, mixed: [1, 'a', vars['nodes']![0]!], attribute }
  }
  const CASES: [string, unknown[]][] = [
    ['count($mixed)', [3]],
    ['$mixed/sku', ['sku=K9']],
    ["$attribute = ''", [true]],
    ['name($attribute)', ['object']],
    ['$attribute/..', ['user=Ann31trueab']],
    ['$flag and not($seq)', [false]],
    ['not($flag) or not($seq)', [true]],
  ]
  it.each(CASES)('%s', (text, want) => {
    for (const expr of bothTiers(text)) expect(describeSequence(evaluate(context(more()), expr))).toEqual(want)
  })
})

describe('F-EXPR-2 default context item', () => {
  it('is the document node of a node in the main content', () => {
    const body = variables()['nodes']!
    for (const expr of bothTiers('name(*)')) expect(evaluate(context({}, body), expr)).toEqual(['json'])
  })

  it('is the string of text content', () => {
    for (const expr of bothTiers('string-length(.)'))
      expect(evaluate(context({}, [Content.fromText('abc', 'text/plain')]), expr)).toEqual([3])
  })

  it('is a scalar itself', () => {
    for (const expr of bothTiers('. + 1')) expect(evaluate(context({}, [41]), expr)).toEqual([42])
  })

  it('forced engine evaluation gives the fast result', () => {
    const node = compile('$body/json/items/value[qty > 1]/sku')
    const ctx = context(variables())
    expect(describeSequence(evaluateWithEngine(ctx, loadGenerated(node)))).toEqual(
      describeSequence(evaluate(ctx, loadGenerated(node))),
    )
  })
})
