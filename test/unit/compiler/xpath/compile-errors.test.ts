/**
 * Compile-time checks of expressions (xpath-functions.md XC-1, XC-2, XC-3, XC-10, XP-NAME-2,
 * XP-NAME-4, XP-LANG-1): exact messages and positions, mapped through the SubSource (flows.md F-DOC-9,
 * templates.md T-ERR-4).
 */
import { describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatDiagnostic } from '../../../../compiler/diagnostics/format.js'
import { createSourceFile, subSource } from '../../../../compiler/diagnostics/source.js'
import { parseExpression } from '../../../../compiler/xpath/index.js'
import { compileWithDiagnostics } from '../../runtime/xpath/helpers.js'

// every expression is placed after this prefix, so column 1 of the expression is column 11
const PREFIX = '<eval out='

const CASES: [string, { expr: string; want: string[] }][] = [
  [
    'XC-2 unknown function with suggestion',
    {
      expr: 'tolowr($request/query/name)',
      want: ['flows/t.xml:1:11: error: unknown function tolowr(); did you mean tolower()?'],
    },
  ],
  [
    'XC-2 at the first non-whitespace character',
    { expr: '  tolowr(1)', want: ['flows/t.xml:1:13: error: unknown function tolowr(); did you mean tolower()?'] },
  ],
  [
    'XC-2 unknown function without suggestion',
    { expr: 'zzzzzz(1)', want: ['flows/t.xml:1:11: error: unknown function zzzzzz()'] },
  ],
  [
    'XC-2 standard name suggested',
    {
      expr: 'string-lenght("a")',
      want: ['flows/t.xml:1:11: error: unknown function string-lenght(); did you mean string-length()?'],
    },
  ],
  [
    'XC-3 gateway arity',
    { expr: 'tolower("a", "b")', want: ['flows/t.xml:1:11: error: tolower() takes 0 or 1 arguments, got 2'] },
  ],
  [
    'XC-3 later function arity',
    { expr: 'json-parse("a", "b")', want: ['flows/t.xml:1:11: error: json-parse() takes 1 argument, got 2'] },
  ],
  [
    'XC-3 variadic',
    { expr: "concat('a')", want: ['flows/t.xml:1:11: error: concat() takes at least 2 arguments, got 1'] },
  ],
  [
    'XC-3 two arities',
    { expr: "substring('a')", want: ['flows/t.xml:1:11: error: substring() takes 2 or 3 arguments, got 1'] },
  ],
  ['XC-3 standard function', { expr: 'count()', want: ['flows/t.xml:1:11: error: count() takes 1 argument, got 0'] }],
  ['XC-3 no arguments', { expr: 'true(1)', want: ['flows/t.xml:1:11: error: true() takes no arguments, got 1'] }],
  [
    'XC-3 prefixed standard function',
    { expr: "fn:upper-case('a', 'b')", want: ['flows/t.xml:1:11: error: fn:upper-case() takes 1 argument, got 2'] },
  ],
  [
    'XC-3 gateway arity plus standard arities',
    { expr: 'round(1, 2, 3)', want: ['flows/t.xml:1:11: error: round() takes 1 or 2 arguments, got 3'] },
  ],
  [
    'XC-10 optional function',
    { expr: "decrypt-xml($x, 'k')", want: ['flows/t.xml:1:11: error: decrypt-xml() is not supported yet'] },
  ],
  [
    'XC-10 LDAP',
    {
      expr: "ldap-query('u', 'd', 'p', 'b', 'f', 'a')",
      want: ['flows/t.xml:1:11: error: ldap-query() is not supported yet'],
    },
  ],
  [
    'XP-NAME-2 fn:json-doc',
    {
      expr: "fn:json-doc('a.json')",
      want: ['flows/t.xml:1:11: error: fn:json-doc() is not available; use json-doc() (gateway version)'],
    },
  ],
  [
    'XP-NAME-2 fn:sort',
    {
      expr: 'fn:sort($x)',
      want: ['flows/t.xml:1:11: error: fn:sort() is not available; use sort() (gateway version)'],
    },
  ],
  [
    'XP-STR-2 missing standard function',
    { expr: "format-date(current-date(), '[Y]')", want: ['flows/t.xml:1:11: error: unknown function format-date()'] },
  ],
  [
    'XP-NAME-3 svc: unknown',
    { expr: 'svc:nope()', want: ['flows/t.xml:1:11: error: unknown function svc:nope(); did you mean svc:name()?'] },
  ],
  ['XP-NAME-3 svc: arity', { expr: 'svc:trim()', want: ['flows/t.xml:1:11: error: trim() takes 1 argument, got 0'] }],
  [
    'internal helpers are not callable',
    { expr: 'svcx:num(1)', want: ['flows/t.xml:1:11: error: unknown function svcx:num()'] },
  ],
  [
    'XC-2 math library',
    {
      expr: 'math:pie()',
      want: ['flows/t.xml:1:11: error: unknown function math:pie(); did you mean math:pi(), math:pow() or math:sin()?'],
    },
  ],
  [
    'XC-2 arrow call',
    { expr: '$x => tolowr()', want: ['flows/t.xml:1:11: error: unknown function tolowr(); did you mean tolower()?'] },
  ],
  [
    'XC-2 function reference',
    { expr: 'tolowr#1', want: ['flows/t.xml:1:11: error: unknown function tolowr(); did you mean tolower()?'] },
  ],
  ['XC-3 function reference', { expr: 'trim#2', want: ['flows/t.xml:1:11: error: trim() takes 1 argument, got 2'] }],
  [
    'XC-2 each problem once, all reported',
    {
      expr: 'tolowr(1) = tolowr(2) or touper(3)',
      want: [
        'flows/t.xml:1:11: error: unknown function tolowr(); did you mean tolower()?',
        'flows/t.xml:1:11: error: unknown function touper(); did you mean toupper()?',
      ],
    },
  ],
  [
    'XP-NAME-4 array() call',
    { expr: 'array($x, 1)', want: ['flows/t.xml:1:11: error: array() takes 1 argument, got 2'] },
  ],
  [
    'XC-1 syntax error position',
    { expr: 'concat("a"', want: ['flows/t.xml:1:17: error: syntax error in expression: expected end of input'] },
  ],
  [
    'XC-1 unexpected end',
    { expr: '1 +', want: ['flows/t.xml:1:14: error: syntax error in expression: unexpected end of input'] },
  ],
  [
    'XC-1 unexpected token',
    { expr: '1 = = 2', want: ['flows/t.xml:1:15: error: syntax error in expression: unexpected "="'] },
  ],
  [
    'XC-1 after a rewritten array(',
    { expr: 'array(1) +', want: ['flows/t.xml:1:21: error: syntax error in expression: unexpected end of input'] },
  ],
  [
    'XP-LANG-1 XQuery constructors',
    {
      expr: 'element a {}',
      want: ['flows/t.xml:1:11: error: syntax error in expression: element constructors are not available in XPath'],
    },
  ],
  [
    'XP-LANG-1 prolog',
    {
      expr: 'declare variable $x := 1; $x',
      want: ['flows/t.xml:1:11: error: syntax error in expression: declarations are not available in expressions'],
    },
  ],
]

describe('compile errors', () => {
  it.each(CASES)('%s', (_, { expr, want }) => {
    const { node, diagnostics } = compileWithDiagnostics(expr, PREFIX)
    expect(diagnostics).toEqual(want)
    expect(node).toBeUndefined()
  })

  it.each([
    ['XP-NAME-4 type after instance of', '$x instance of array(*)'],
    ['XP-NAME-4 type in a function signature', 'function($a as array(*)) as array(*) { $a }'],
    ['XP-NAME-4 nested sequence type', '$x instance of array(array(*))'],
    ['XP-NAME-4 function test', '$x instance of function(array(*)) as item()'],
    ['XP-NAME-1 standard arity beyond the gateway version', 'round(1.25, 1)'],
    ['XP-NAME-2 fn: prefix', "fn:replace('a', 'a', 'b')"],
    ['unknown prefixes resolve at run time', 'p:f(1)'],
    ['map: library', 'map:size(map{})'],
  ])('%s compiles: %s', (_, expr) => {
    const { node, diagnostics } = compileWithDiagnostics(expr, PREFIX)
    expect(diagnostics).toEqual([])
    expect(node).toBeDefined()
  })
})

/** Decodes the XML entities of a raw attribute value, mapping each decoded character to its file offset. */
function decodeAttribute(raw: string, base: number): { text: string; offsets: number[] } {
  let text = ''
  const offsets: number[] = []
  for (let i = 0; i < raw.length;) {
    const entity = /^&(lt|gt|amp|quot|apos);/.exec(raw.slice(i))
    offsets.push(base + i)
    if (entity) {
      text += { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[entity[1] as 'lt']
      i += entity[0].length
    } else text += raw[i++]
  }
  offsets.push(base + raw.length)
  return { text, offsets }
}

describe('positions through the SubSource (F-DOC-9, T-ERR-4)', () => {
  const compileAttribute = (line: string, raw: string): string[] => {
    const source = `<flow>\n${line}\n</flow>\n`
    const file = createSourceFile('/site/flows/t.xml', source)
    const base = source.indexOf(raw)
    const { text, offsets } = decodeAttribute(raw, base)
    const bag = new DiagnosticBag()
    parseExpression(subSource(file, text, offsets), bag)
    return bag.sorted().map((d) => formatDiagnostic(d, { cwd: '/site', frames: false }))
  }

  it('points at the expression start after entities', () => {
    // `<if test="` ends at column 12 of line 2
    expect(compileAttribute('  <if test="$a &lt; tolowr(1)">', '$a &lt; tolowr(1)')).toEqual([
      'flows/t.xml:2:13: error: unknown function tolowr(); did you mean tolower()?',
    ])
  })

  it('maps a syntax error behind an entity to the file column', () => {
    // decoded `1 < ` fails at its end, which is after `&lt; ` in the file
    expect(compileAttribute('  <if test="1 &lt; ">', '1 &lt; ')).toEqual([
      'flows/t.xml:2:20: error: syntax error in expression: unexpected end of input',
    ])
  })

  it('maps a syntax error on a later line', () => {
    const source = '<flow>\n<eval>\n  1 +\n  ]</eval>\n</flow>'
    const file = createSourceFile('/site/flows/t.xml', source)
    const start = source.indexOf('\n  1 +')
    const text = source.slice(start, source.indexOf('</eval>'))
    const bag = new DiagnosticBag()
    parseExpression(subSource(file, text, undefined, start), bag)
    expect(bag.sorted().map((d) => formatDiagnostic(d, { cwd: '/site', frames: false }))).toEqual([
      'flows/t.xml:4:3: error: syntax error in expression: unexpected "]"',
    ])
  })
})
