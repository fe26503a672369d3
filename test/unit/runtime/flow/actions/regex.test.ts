/** The `regex` action (actions.md ACT-regex-1..5): delimited patterns, replacements, inputs and outputs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  Content,
  parseDelimitedPattern,
  parseReplacement,
  regexReplacement,
  replaceAll,
} from '../../../../../runtime/index.js'
import { type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite, textOf } from './helpers.js'

describe('ACT-regex-1, ACT-regex-2 delimited patterns', () => {
  it.each([
    ['/^(\\d{4})-(\\d\\d)-(\\d\\d)$/', '^(\\d{4})-(\\d\\d)-(\\d\\d)$', ''],
    ['#a/b#i', 'a/b', 'i'],
    ['#a\\#b#', 'a#b', ''],
    ['{a{2}}', 'a{2}', ''],
    ['(a(b)c)s', 'a(b)c', 's'],
    ['<a>mu', 'a', 'mu'],
    ['~x~msix', 'x', 'ims'],
    ['/(?P<year>\\d+)-(?P=year)/', '(?<year>\\d+)-\\k<year>', ''],
    ['/a b  # comment\n c/x', 'abc', ''],
    ['/[ #]/x', '[ #]', ''],
    ['/[]a]/', '[\\]a]', ''],
    ['/[[:digit:][:upper:]]/', '[0-9A-Z]', ''],
    ['/\\x{1F600}/', '\\u{1F600}', 'u'],
    ['/a(?#note)b/', 'ab', ''],
  ])('%j translates to %j with flags %j', (pattern, source, flags) => {
    expect(parseDelimitedPattern(pattern)).toEqual({ ok: true, source, flags })
  })

  it.each([
    ['', 'the pattern is empty'],
    ['abc', 'invalid delimiter "a": it must not be alphanumeric, a backslash or white space'],
    ['\\a\\', 'invalid delimiter "\\": it must not be alphanumeric, a backslash or white space'],
    [' a ', 'invalid delimiter " ": it must not be alphanumeric, a backslash or white space'],
    ['/abc', 'missing closing delimiter "/"'],
    ['(abc', 'missing closing delimiter ")"'],
    ['/a/g', 'unknown modifier "g"; expected i, m, s, x or u'],
    ['/a/U', 'modifier U has no JavaScript equivalent'],
    ['/a/D', 'modifier D has no JavaScript equivalent'],
    ['/a/A', 'modifier A has no JavaScript equivalent'],
    ['/a++/', 'possessive quantifiers have no JavaScript equivalent'],
    ['/a{1,2}+/', 'possessive quantifiers have no JavaScript equivalent'],
    ['/(?>a)/', 'atomic groups have no JavaScript equivalent'],
    ['/(a)(?1)/', 'recursion has no JavaScript equivalent'],
    ['/(?R)/', 'recursion has no JavaScript equivalent'],
    ['/(?(1)a|b)/', 'conditional groups have no JavaScript equivalent'],
    ['/(?i)a/', 'inline modifiers such as (?i) have no JavaScript equivalent; use the modifiers after the delimiter'],
    ['/\\Aa/', '\\A has no JavaScript equivalent'],
    ['/a\\z/', '\\z has no JavaScript equivalent'],
    ['/a\\Z/', '\\Z has no JavaScript equivalent'],
    ['/(a/', 'the pattern does not compile: unterminated group'],
    ['/[[:alpah:]]/', 'unknown POSIX class [:alpah:]'],
  ])('%j is refused: %s', (pattern, reason) => {
    expect(parseDelimitedPattern(pattern)).toEqual({ ok: false, reason })
  })

  it('ACT-regex-2 $ without m matches only at the very end of the input', () => {
    const parsed = parseDelimitedPattern('/a$/')
    if (!parsed.ok) throw new Error(parsed.reason)
    expect(replaceAll('a\n', regexReplacement(parsed.source, `g${parsed.flags}`, ['X']))).toBe('a\n')
    expect(replaceAll('ba', regexReplacement(parsed.source, `g${parsed.flags}`, ['X']))).toBe('bX')
  })
})

describe('ACT-regex-3 replacements', () => {
  it.each([
    ['$3.$2.$1', [3, '.', 2, '.', 1]],
    ['${1}0', [1, '0']],
    ['\\2-$0', [2, '-', 0]],
    ['$12$99', [12, 99]],
    ['cost: $ 5, \\n, $x, ${a}, \\', ['cost: $ 5, \\n, $x, ${a}, \\']],
    ['', []],
  ])('%j parses to %j', (text, parts) => {
    expect(parseReplacement(text)).toEqual(parts)
  })

  const replace = (input: string, pattern: string, replacement: string): string => {
    const parsed = parseDelimitedPattern(pattern)
    if (!parsed.ok) throw new Error(parsed.reason)
    return replaceAll(input, regexReplacement(parsed.source, `g${parsed.flags}`, parseReplacement(replacement)))
  }

  it.each([
    ['every non-overlapping match', 'aaaa', '/aa/', 'b', 'bb'],
    ['group 0 is the whole match', 'abc', '/b/', '[$0]', 'a[b]c'],
    ['a group that did not take part inserts nothing', 'ac', '/a(b)?c/', '<$1>', '<>'],
    ['a group that does not exist inserts nothing', 'ab', '/(a)b/', '$1$2$12', 'a'],
    ['no match is no error', 'xyz', '/q/', 'r', 'xyz'],
    ['an empty replacement deletes', 'a-b-c', '/-/', '', 'abc'],
    ['named groups count as numbered ones', '2024-03', '/(?P<y>\\d+)-(\\d+)/', '$2/$1', '03/2024'],
    ['case-insensitive', 'ABC', '/b/i', 'x', 'AxC'],
    ['u counts code points', '😀x', '/^./u', '-', '-x'],
  ])('%s', (_, input, pattern, replacement, want) => {
    expect(replace(input, pattern, replacement)).toBe(want)
  })
})

describe('regex: compile checks', () => {
  it.each([
    [
      'ACT-regex-1 an invalid pattern is a CE at the attribute',
      '<flow>\n  <regex pattern="/a++/" replace=""/>\n</flow>',
      ['flows/f.xml:2:10: error: invalid pattern "/a++/": possessive quantifiers have no JavaScript equivalent'],
    ],
    [
      'ACT-regex-1 pattern and replace are required',
      '<flow><regex pattern="/a/"/></flow>',
      ['flows/f.xml:1:7: error: missing required attribute replace on <regex>'],
    ],
    [
      'F-LOC-1 out must be writable',
      '<flow><regex pattern="/a/" replace="" out="/x.txt"/></flow>',
      ['flows/f.xml:1:39: error: out of <regex> must be a variable or a content location; "/x.txt" is read-only'],
    ],
  ])('%s', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })
})

describe('regex: run time', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      'flows/example.xml':
        '<flow><regex in="$isoDate" out="$deDate" pattern="/^(\\d{4})-(\\d\\d)-(\\d\\d)$/" replace="$3.$2.$1"/></flow>',
      'flows/inputs.xml': `<flow>
  <regex in="svc://request/content/csv" pattern="/;/" replace=","/>
  <regex in="svc://request/content/csv" out="$csv" pattern="/;/" replace=","/>
  <regex in="$number" out="svc://request/content/n" pattern="/\\./" replace=","/>
  <eval out="$doc">json-parse('{"a":"x"}')</eval>
  <regex in="$doc" out="$serialized" pattern="/x/" replace="y"/>
  <regex in="$missing" out="$untouched" pattern="/x/" replace="y"/>
</flow>`,
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/inputs.xml'])
  })
  afterAll(() => removeSite(project.root))

  it('ACT-regex-3 (spec example): 2024-03-09 becomes 09.03.2024', async () => {
    const { ctx } = await project.run('flows/example.xml', { vars: { isoDate: ['2024-03-09'] } })
    expect(ctx.vars.get('deDate')).toEqual(['09.03.2024'])
  })

  it('ACT-regex-4, ACT-regex-5 inputs become text; content keeps its media type; missing input is an RW', async () => {
    const { ctx, messages } = await project.run('flows/inputs.xml', {
      vars: { number: [2.5] },
      upstream: { csv: Content.fromText('a;b', 'text/csv; charset=utf-8') },
    })
    const main = ctx.contents.main![0] as Content
    expect([main.text, main.mediaType]).toEqual(['a,b', 'text/csv; charset=utf-8'])
    expect(ctx.vars.get('csv')).toEqual(['a,b'])
    expect([textOf([ctx.contents.upstream.get('n')!]), ctx.contents.upstream.get('n')!.mediaType]).toEqual([
      '2,5',
      'text/plain',
    ])
    expect(ctx.vars.get('serialized')).toEqual(['<json object=""><a string="">y</a></json>'])
    expect(ctx.vars.has('untouched')).toBe(false)
    expect(messages).toEqual([
      'warn [regex] flows/inputs.xml:7:3: regex: $missing is missing; $untouched is left unchanged',
    ])
  })
})
