/**
 * String functions and the regular-expression dialect (xpath-functions.md 10.2, 10.3): every example
 * of FN-capitalize-first, FN-ends-with, FN-join, FN-matches, FN-replace, FN-split, FN-tolower,
 * FN-toupper, FN-trim and RE-1..RE-5, plus edge cases (empty sequence, wrong types, invalid patterns at
 * run time as RW with the failure value, huge input), in both tiers.
 */
import { describe, expect, it } from 'vitest'

import { oxnRoot, parseJson } from '../../../../../runtime/index.js'
import { result, run, values } from './helpers.js'

type Row = [rule: string, expr: string, want: unknown[]]

const ROWS: Row[] = [
  ['FN-capitalize-first-1 example', "capitalize-first('élan vital')", ['Élan vital']],
  ['FN-capitalize-first-1 digit first', "capitalize-first('9 lives')", ['9 lives']],
  ['FN-capitalize-first-1 empty', "capitalize-first('')", ['']],
  ['FN-capitalize-first-1 longer mapping', "capitalize-first('ßa')", ['SSa']],
  ['FN-capitalize-first-1 only the first character', "capitalize-first('ab cd')", ['Ab cd']],
  ['FN-capitalize-first-1 upper case stays', "capitalize-first('Ab')", ['Ab']],
  ['FN-capitalize-first-1 astral lower-case letter', "capitalize-first('\u{10428}x')", ['\u{10400}x']],
  ['FN-0-2 empty sequence', 'capitalize-first(())', ['']],
  ['FN-0-2 a number', 'capitalize-first(1.5)', ['1.5']],
  ['FN-ends-with-1 example', "ends-with('report.csv', '.csv')", [true]],
  ['FN-ends-with-1 empty sequence', "ends-with((), 'a')", [false]],
  ['FN-ends-with-1 empty suffix', "ends-with('x', '')", [true]],
  ['FN-ends-with-1 case-sensitive', "ends-with('a.CSV', '.csv')", [false]],
  ['FN-join-1 example', "join('-', 'a', (), 3, true())", ['a-3-true']],
  ['FN-join-1 OXN array', "join(',', $ids)", ['7,8']],
  ['FN-join-1 split tokens', "join('/', split('usr local bin'))", ['usr/local/bin']],
  ['FN-join-2 no entries', "join(',')", ['']],
  ['FN-join-2 only empty inputs', "join(',', (), ())", ['']],
  ['FN-join-2 null items are empty entries', "join('|', json-parse('[1,null,\"x\"]'))", ['1||x']],
  ['FN-join-1 document whose root is an array', 'join(\'+\', json-to-xml(\'["a","b"]\'))', ['a+b']],
  ['FN-join-1 nested array item gives its string value', "join('+', json-parse('[[1,2],3]'))", ['12+3']],
  ['FN-join-1 object node gives its string value', 'join(\'+\', json-parse(\'{"a":"x","b":"y"}\'))', ['xy']],
  ['FN-join-1 sequence input', "join(',', (1, 2), 'x')", ['1,2,x']],
  ['FN-join-1 numbers in XP-NUM-1 form', "join(',', 1e21, 0.5)", ['1E21,0.5']],
  ['FN-matches-1 example with flag', "matches('Order-77', '^order-\\d+$', 'i')", [true]],
  ['FN-matches-1 example escaped dot', "matches('a.b', 'a\\.c')", [false]],
  ['FN-matches-1 somewhere in the input', "matches('xaby', 'ab')", [true]],
  ['FN-matches-1 empty sequence input', "matches((), '^$')", [true]],
  ['FN-replace-1 example groups', "replace('2024-05-01', '(\\d+)-(\\d+)-(\\d+)', '$3.$2.$1')", ['01.05.2024']],
  ['FN-replace-1 example flags', "replace('TEA tea', 't', 'p', 'i')", ['pEA pea']],
  ['FN-replace-2 example missing group', "replace('a-b', '-', '${9}')", ['ab']],
  ['FN-replace-1 empty matches', "replace('ab', 'x*', '-')", ['-a-b-']],
  ['FN-replace-2 $0 is the whole match', "replace('abc', 'b', '[$0]')", ['a[b]c']],
  ['FN-replace-2 ${n} before digits', "replace('abc', '(b)', '${1}2')", ['ab2c']],
  ['FN-replace-2 two digits read greedily', "replace('abc', '(b)', '$12')", ['ac']],
  ['FN-replace-2 escaped dollar and backslash', "replace('abc', 'b', '\\$1\\\\')", ['a$1\\c']],
  ['FN-replace-2 other $ and \\ are literal', "replace('abc', 'b', '$x\\n$')", ['a$x\\n$c']],
  ['FN-replace-2 group that did not take part', "replace('ac', 'a(b)?c', '[$1]')", ['[]']],
  ['FN-replace-2 named group counts by number', "replace('ab', '(?<x>a)', '$1$1')", ['aab']],
  ['FN-replace-1 non-overlapping', "replace('aaa', 'aa', 'b')", ['ba']],
  ['FN-split-1 example whitespace', "split(' red  green ')", ['token=red', 'token=green']],
  ['FN-split-2 example empty tokens dropped', "count(split('a,,b', ','))", [2]],
  ['FN-split-1 example character class', "string(split('k1=v1;k2=v2', '[;=]')[3])", ['k2']],
  ['FN-split-1 example inline flag', "split('AxBXc', '(?i)x')", ['token=A', 'token=B', 'token=c']],
  ['FN-split-3 example array of tokens', "json-stringify(array(split('3 4')))", ['[3,4]']],
  ['FN-split-1 all whitespace kinds', 'count(split($controls))', [2]],
  ['FN-split-1 empty pattern means whitespace', "count(split('a b', ''))", [2]],
  ['FN-split-1 empty sequence pattern means whitespace', 'count(split("a b", $unset))', [2]],
  ['FN-split-1 capture groups add no tokens', "split('a1b', '(\\d)')", ['token=a', 'token=b']],
  ['FN-split-1 empty matches cut between characters', "split('abc', 'x*')", ['token=a', 'token=b', 'token=c']],
  ['FN-split-2 nothing but separators', "count(split(',,,', ','))", [0]],
  ['FN-split-3 one parent tokens', "distinct-values(split('a b c')/../name())", ['tokens']],
  ['FN-split-3 positional predicate', "string(split('a b c')[last()])", ['c']],
  ['FN-split-3 tokens are untyped (OXN-R6)', "json-stringify(split('007 x')[1])", ['"007"']],
  ['FN-tolower-1 example', "tolower('ÄBC')", ['äbc']],
  ['FN-toupper-1 example', "toupper('straße')", ['STRASSE']],
  ['FN-toupper-2 example number', 'toupper(1.5)', ['1.5']],
  [
    'FN-tolower-1 context item',
    'json-parse(\'["Next","x","NEXT"]\')/value[tolower() = \'next\']/string()',
    ['Next', 'NEXT'],
  ],
  ['FN-trim-1 example', "trim('  x y  ')", ['x y']],
  ['FN-trim-1 example tab', "trim(concat(codepoints-to-string(9), 'a'))", ['a']],
  ['FN-trim-1 vertical tab removed, form feed kept', 'string-length(trim($vtff))', [1]],
  // RE-1..RE-5
  ['RE-1 Unicode mode', "matches('😀', '^.$')", [true]],
  ['RE-1 loose escapes compile without Unicode mode', "matches('a:b', 'a\\:b')", [true]],
  ['RE-2 flag m', "count(split(replace('a\nb', '^', '>', 'm'), '>'))", [2]],
  ['RE-2 flag s', "matches('a\nb', 'a.b', 's')", [true]],
  ['RE-2 without s the dot stops at line breaks', "matches('a\nb', 'a.b')", [false]],
  ['RE-2 flag x with comment', "matches('ab', 'a  # letter a\n b', 'x')", [true]],
  ['RE-2 flag x keeps escaped spaces and classes', "matches('a b', 'a\\ [ ]?b', 'x')", [true]],
  ['RE-2 repeated flags', "matches('A', 'a', 'ii')", [true]],
  ['RE-3 inline flags at the start', "matches('A', '(?i)a')", [true]],
  ['RE-3 inline x flag', "matches('ab', '(?x) a b')", [true]],
  ['RE-4 \\A start of input only', "matches('x\na', '\\Aa', 'm')", [false]],
  ['RE-4 \\z end of input only', "matches('a\n', 'a\\z')", [false]],
  ['RE-4 \\Z before a final line break', "matches('a\n', 'a\\Z')", [true]],
  ['RE-4 (?P<name>) groups', "replace('ab', '(?P<first>a)', '<$1>')", ['<a>b']],
  ['RE-5 characters are code points', "replace('😀x', '.', '-')", ['--']],
]

describe('string functions in both tiers', () => {
  const ids = [oxnRoot(parseJson('[7,8]'))]
  it.each(ROWS)('%s: %s', (_rule, expr, want) => {
    // characters XPath string literals cannot hold come in variables
    const outcome = run(expr, { vars: { ids, controls: ['a\t\n\u000b\f\rb'], vtff: ['\u000b\f\u000b'] } })
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([])
  })
})

describe('run-time failures are RW with the failure value (FN-0-3)', () => {
  const CASES: [string, string, unknown[], string][] = [
    [
      'FN-matches-2 invalid pattern',
      "matches('a', concat('(', 'a'))",
      [false],
      'warn [eval] matches(): invalid regular expression "(a": missing ")"',
    ],
    [
      'FN-matches-2 invalid flag',
      "matches('a', 'a', concat('q', ''))",
      [false],
      'warn [eval] matches(): invalid regular expression "a": invalid flag "q"; expected i, m, s or x',
    ],
    [
      'FN-replace-3 invalid pattern keeps the input',
      "replace('a(b', concat('(', ''), 'x')",
      ['a(b'],
      'warn [eval] replace(): invalid regular expression "(": missing ")"',
    ],
    [
      'FN-split-4 invalid pattern',
      "split('a b', concat('[', ''))",
      [],
      'warn [eval] split(): invalid regular expression "[": missing "]"',
    ],
    [
      'RE-4 possessive quantifier',
      "matches('aa', concat('a', '++'))",
      [false],
      'warn [eval] matches(): invalid regular expression "a++": possessive quantifiers are not supported',
    ],
    [
      'RE-4 atomic group',
      "matches('a', concat('(?>', 'a)'))",
      [false],
      'warn [eval] matches(): invalid regular expression "(?>a)": atomic groups are not supported',
    ],
    [
      'RE-3 inline flags elsewhere',
      "matches('a', concat('a', '(?i)'))",
      [false],
      'warn [eval] matches(): invalid regular expression "a(?i)": inline flags are only allowed at the start of the pattern',
    ],
    [
      'FN-split-1 flags only inline',
      "count(split('aXa', concat('(?q)', 'x')))",
      [0],
      'warn [eval] split(): invalid regular expression "(?q)x": invalid group',
    ],
  ]
  it.each(CASES)('%s', (_rule, expr, want, message) => {
    const outcome = run(expr)
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([message])
  })
})

describe('split() trees and huge input', () => {
  it('FN-split-3 tokens share one new parent in document order, a new tree per call', () => {
    const tokens = result("split('c b a')")
    const parents = new Set(tokens.map((t) => (t as unknown as { parentNode: unknown }).parentNode))
    expect(parents.size).toBe(1)
    expect(values("split('c b a')/string()")).toEqual(['c', 'b', 'a'])
    expect(values("split('a') is split('a')")).toEqual([false])
  })

  it('handles a megabyte of input', () => {
    const big = 'word '.repeat(200_000)
    expect(values('count(split($big))', { vars: { big: [big] } })).toEqual([200_000])
    expect(values("string-length(replace($big, 'o', '0'))", { vars: { big: [big] } })).toEqual([big.length])
    expect(values("matches($big, 'x')", { vars: { big: [big] } })).toEqual([false])
    expect(values('string-length(join(",", split($big)))', { vars: { big: [big] } })).toEqual([200_000 * 5 - 1])
  })

  it('FN-join-1 takes at least 64 inputs', () => {
    const inputs = Array.from({ length: 70 }, (_, i) => String(i)).join(', ')
    expect(values(`join('', ${inputs})`)).toEqual([Array.from({ length: 70 }, (_, i) => String(i)).join('')])
  })
})
