/**
 * Both tiers over function results (xpath-functions.md XP-LANG-4, section 12): calls of extension
 * functions run in the engine tier; their results, stored in variables, are then read by expressions
 * of the compiled fast tier (OXN trees directly, DOM trees of split(), xml-parse(), html-parse() and
 * array() handed to the engine), and both tiers must agree.
 */
import { describe, expect, it } from 'vitest'

import type { Sequence } from '../../../../../runtime/index.js'
import { compile } from '../helpers.js'
import { result, run } from './helpers.js'

function stored(): Record<string, Sequence> {
  return {
    parsed: result(`json-parse('{"limit": 50, "tags": ["a", "b"], "on": true}')`),
    tokens: result("split('red green blue')"),
    doc: result(`xml-parse('<r v="2"><x>7</x><x>8</x></r>')`),
    page: result(`html-parse('<p class="lead">Hi</p><p>there</p>')`),
    arr: result('array((1, "two", true()))'),
    mixed: result("array(xml-parse('<m><d>Soup</d><d>Stew</d></m>')/m/d)"),
    sorted: result(`sort(json-parse('[3, 1, 2]'))`),
  }
}

const ROWS: [expr: string, want: unknown[]][] = [
  ['$parsed/limit * 2', [100]],
  ['$parsed/tags/value[2]', ['value=b']],
  ['$parsed/on = true()', [true]],
  ['count($parsed/tags/value)', [2]],
  ['$tokens[2]', ['token=green']],
  ['count($tokens)', [3]],
  ["$tokens = 'blue'", [true]],
  ['concat($tokens[1], "-", $tokens[3])', ['red-blue']],
  ['$tokens/..', ['tokens=redgreenblue']],
  ['string($tokens[1]/..)', ['redgreenblue']],
  ['$doc/r/@v', ['@v=2']],
  ['$doc/r/x[2] + 1', [9]],
  ['$page/html/body/p[1]/@class', ['@class=lead']],
  ['string($page/html/body/p[2])', ['there']],
  ['$arr/value[2]', ['value=two']],
  ['count($arr/value)', [3]],
  ['$mixed/d[last()]', ['d=Stew']],
  ['$mixed/@array', ['@array=']],
  ['$sorted/value[1] = 1', [true]],
]

describe('fast-tier expressions over function results', () => {
  it.each(ROWS)('%s', (expr, want) => {
    expect(compile(expr).plan.tier).toBe('fast')
    expect(run(expr, { vars: stored() }).values).toEqual(want)
  })

  it('extension calls themselves are planned for the engine', () => {
    for (const expr of ["json-parse('{}')", "split('a b')[1]", 'tolower($x)', "matches('a', 'a')"])
      expect(compile(expr).plan.tier, expr).toBe('engine')
  })
})
