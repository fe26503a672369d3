/**
 * XML and HTML (xpath-functions.md 10.10; oxn.md OXN-X1, OXN-X3, OXN-X6): xml-parse, html-parse and
 * has-class examples, the DTD rule (a plain DOCTYPE accepted, an internal subset refused so no entity
 * is ever expanded), broken and huge input, the XML and HTML content decoders, and XP-CONV-1 (a
 * decoded content value converts to its text).
 */
import { describe, expect, it } from 'vitest'

import { Content, decodeContent, parseHtmlText, toXPathString, type XNode } from '../../../../../runtime/index.js'
import { run, values } from './helpers.js'

type Row = [rule: string, expr: string, want: unknown[]]

const ROWS: Row[] = [
  ['FN-xml-parse-1 example', 'xml-parse(\'<r v="2"><x/></r>\')/r/@v/string()', ['2']],
  ['FN-xml-parse-1 example renders as a number', 'json-stringify(xml-parse(\'<r v="2"><x/></r>\')/r/@v)', ['2']],
  ['FN-xml-parse-1 a document node', "xml-parse('<r/>') instance of document-node()", [true]],
  [
    'FN-xml-parse-1 namespaces',
    'xml-parse(\'<a:r xmlns:a="urn:a"><a:x>1</a:x></a:r>\')/*:r/*:x/namespace-uri()',
    ['urn:a'],
  ],
  ['XP-NS-1 unprefixed names match no namespace only', 'count(xml-parse(\'<r xmlns="urn:d"><x/></r>\')/r)', [0]],
  ['OXN-X1 whitespace text kept', "count(xml-parse('<r> <x/> </r>')/r/text())", [2]],
  ['OXN-X1 a plain DOCTYPE is accepted', "string(xml-parse('<!DOCTYPE html><r>a</r>')/r)", ['a']],
  [
    'OXN-X1 an external DTD is never read',
    'string(xml-parse(\'<!DOCTYPE r SYSTEM "http://example.invalid/r.dtd"><r>a</r>\')/r)',
    ['a'],
  ],
  ['OXN-X1 predefined entities and character references', "string(xml-parse('<r>&lt;&#65;&amp;</r>'))", ['<A&']],
  [
    'OXN-X1 comments and processing instructions',
    'count(xml-parse(\'<?xml version="1.0"?><!--c--><r><?p d?></r>\')//processing-instruction())',
    [1],
  ],
  ['FN-html-parse-1 example', 'string(html-parse(\'<p class="lead">Hi\')/html/body/p/@class)', ['lead']],
  ['FN-html-parse-1 empty string', "html-parse('')/html/(count(head), count(body), count(*/node()))", [1, 1, 0]],
  [
    'OXN-X3 lower-case names, no namespace',
    'html-parse(\'<DIV ID="a"><SPAN>x</SPAN></DIV>\')/html/body/div/(@id/string(), span/namespace-uri())',
    ['a', ''],
  ],
  ['OXN-X3 tolerant of any input', "count(html-parse('<table><tr><td>1<td>2</table></b></i>')//td)", [2]],
  [
    'OXN-X3 SVG names lower-cased',
    'name(html-parse(\'<svg viewBox="0 0 1 1"><foreignObject/></svg>\')//svg/*)',
    ['foreignobject'],
  ],
  ['OXN-X3 template contents are children', "string(html-parse('<template><i>t</i></template>')//template/i)", ['t']],
  ['OXN-X3 comments kept', "string(html-parse('<p><!-- a -- b --></p>')//comment())", [' a -- b ']],
  [
    'FN-has-class-1 example predicate',
    'html-parse(\'<ul><li class="item active">a</li><li class="item">b</li></ul>\')//li[has-class(\'Active\')]/string()',
    ['a'],
  ],
  [
    'FN-has-class-1 example second argument',
    'has-class(\'lead\', html-parse(\'<p class="x lead">a</p><p class="lead">b</p>\')//p[1])',
    [true],
  ],
  [
    'FN-has-class-1 tokens split at ASCII whitespace',
    "has-class('b', html-parse('<p class=\"a\tb\nc\">x</p>')//p)",
    [true],
  ],
  [
    'FN-has-class-1 case-insensitive with Unicode rules',
    "has-class('ÄRGER', html-parse('<p class=\"ärger\">x</p>')//p)",
    [true],
  ],
  ['FN-has-class-1 no partial tokens', "has-class('act', html-parse('<p class=\"active\">x</p>')//p)", [false]],
  ['FN-has-class-2 no class attribute', "has-class('a', html-parse('<p>x</p>')//p)", [false]],
  ['FN-has-class-2 not an element', "has-class('a', 'text')", [false]],
  [
    'FN-has-class-2 an attribute is not an element',
    "has-class('a', html-parse('<p class=\"a\">x</p>')//p/@class)",
    [false],
  ],
  ['FN-has-class-2 the empty sequence', "has-class('a', ())", [false]],
  [
    'FN-has-class-1 the context item of an XML element',
    "xml-parse('<r><i class=\"on\"/><i/></r>')/r/i[has-class('on')] ! name()",
    ['i'],
  ],
  ['FN-has-class-1 OXN elements have no class attribute', 'has-class(\'a\', json-parse(\'{"class":"a"}\'))', [false]],
]

describe('XML and HTML functions in both tiers', () => {
  it.each(ROWS)('%s: %s', (_rule, expr, want) => {
    const outcome = run(expr)
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([])
  })
})

describe('failures (FN-0-3)', () => {
  const CASES: [string, string, unknown[], RegExp][] = [
    [
      'FN-xml-parse-2 not well-formed',
      "xml-parse('<r>')",
      [],
      /^warn \[eval\] xml-parse\(\): not well-formed: document is not well-formed - element "r" is missing a closing tag$/,
    ],
    ['FN-xml-parse-2 empty', "xml-parse('')", [], /^warn \[eval\] xml-parse\(\): not well-formed: /],
    ['FN-xml-parse-2 empty sequence', 'xml-parse(())', [], /^warn \[eval\] xml-parse\(\): not well-formed: /],
    [
      'OXN-X1 undeclared entity',
      "xml-parse('<r>&nbsp;</r>')",
      [],
      /^warn \[eval\] xml-parse\(\): not well-formed: reference to unknown entity "nbsp"/,
    ],
    [
      'OXN-X1 internal subset refused',
      'xml-parse(\'<!DOCTYPE r [<!ENTITY e "boom">]><r>&e;</r>\')',
      [],
      /^warn \[eval\] xml-parse\(\): not well-formed: a document type declaration with an internal subset is not allowed$/,
    ],
    [
      'OXN-X1 internal subset after a comment and XML declaration',
      'xml-parse(\'<?xml version="1.0"?><!-- c --><!DOCTYPE r SYSTEM "x" [ ]><r/>\')',
      [],
      /internal subset is not allowed$/,
    ],
    [
      'OXN-X1 external entity never read',
      'xml-parse(\'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>\')',
      [],
      /internal subset is not allowed$/,
    ],
    [
      'FN-has-class-3 empty class',
      "has-class('', html-parse('<p class=\"a\"/>')//p)",
      [false],
      /^warn \[eval\] has-class\(\): the class is empty$/,
    ],
    [
      'FN-has-class-3 several classes at once',
      "has-class('a b', html-parse('<p class=\"a b\"/>')//p)",
      [false],
      /^warn \[eval\] has-class\(\): "a b" holds whitespace; combine calls with and\/or$/,
    ],
  ]
  it.each(CASES)('%s', (_rule, expr, want, message) => {
    const outcome = run(expr)
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toHaveLength(1)
    expect(outcome.messages[0]).toMatch(message)
  })

  it('OXN-X1 a billion-laughs document is refused before any expansion', () => {
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><lolz>&lol9;</lolz>`
    expect(run('count(xml-parse($x))', { vars: { x: [laughs] } }).values).toEqual([0])
  })
})

describe('content decoders (OXN-X6, F-VAR-9) and XP-CONV-1', () => {
  it('decodes XML media types to documents that convert to their text', () => {
    for (const type of [
      'application/xml',
      'text/xml; charset=utf-8',
      'application/atom+xml',
      'application/xhtml+xml',
    ]) {
      const content = Content.fromText('<r><a>1</a></r>', type)
      const decoded = decodeContent(content) as XNode
      expect(decoded.nodeType, type).toBe(9)
      expect(toXPathString(decoded)).toBe('<r><a>1</a></r>')
    }
  })

  it('decodes text/html to a document; any HTML parses', () => {
    const decoded = decodeContent(Content.fromText('<b>x', 'text/html')) as XNode
    expect(decoded.nodeType).toBe(9)
    expect(
      values("string(content()/html/body/b) || '|' || string-length(content())", {
        main: [Content.fromText('<b>x', 'text/html')],
      }),
    ).toEqual(['x|4'])
  })

  it('XP-CONV-1 xml-parse and html-parse of a decoded content value parse its markup', () => {
    const file = Content.fromText('<stock><item>4</item></stock>', 'application/xml')
    expect(values('string(xml-parse($raw)/stock/item)', { vars: { raw: [file] } })).toEqual(['4'])
    expect(
      values('string($raw/stock/item)', {
        vars: { raw: [Content.fromText('<stock><item>4</item></stock>', 'application/xml')] },
      }),
    ).toEqual(['4'])
    const page = Content.fromText('<p class="lead">Hi', 'text/html')
    expect(values('has-class("lead", html-parse($page)//p[1])', { vars: { page: [page] } })).toEqual([true])
  })

  it('handles a large HTML page and a deep XML document', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `<tr><td class="c${i % 3}">${i}</td></tr>`).join('')
    expect(values("count(html-parse($h)//td[has-class('c1')])", { vars: { h: [`<table>${rows}</table>`] } })).toEqual([
      1667,
    ])
    const deep = '<a>'.repeat(2000) + 'x' + '</a>'.repeat(2000)
    expect(values('string-length(string(xml-parse($d)))', { vars: { d: [deep] } })).toEqual([1])
    expect((parseHtmlText('') as unknown as { documentElement: { nodeName: string } }).documentElement.nodeName).toBe(
      'html',
    )
  })
})
