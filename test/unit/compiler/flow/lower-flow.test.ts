/**
 * Flow documents -> diagnostics: each CE/CW of flows.md section 1-3 and 9 and of the implemented
 * actions, with its exact `file:line:col` (F-DOC-9) and message.
 */
import { describe, expect, it } from 'vitest'

import { compileFlow } from './helpers.js'

const CASES: [string, string, string[]][] = [
  [
    'F-DOC-1 DOCTYPE is a CE at <!DOCTYPE',
    '<?xml version="1.0"?>\n<!DOCTYPE flow>\n<flow/>',
    ['flows/f.xml:2:1: error: document type declarations (<!DOCTYPE>) are not allowed in flow files'],
  ],
  [
    'F-DOC-1 encoding other than UTF-8 is a CE at encoding',
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n<flow/>',
    ['flows/f.xml:1:21: error: unsupported encoding ISO-8859-1; flow files must be UTF-8 (or US-ASCII)'],
  ],
  ['F-DOC-1 US-ASCII and utf-8 declarations are fine', '<?xml version="1.0" encoding="us-ascii"?>\n<flow/>', []],
  [
    'F-DOC-1 undefined entity is a CE',
    '<flow>\n  <echo>&nbsp;</echo>\n</flow>',
    ['flows/f.xml:2:14: error: malformed XML: invalid character entity'],
  ],
  [
    'F-DOC-1 mismatched end tag',
    '<flow>\n  <echo></eval>\n</flow>',
    ['flows/f.xml:2:9: error: malformed XML: unexpected </eval>; expected </echo>'],
  ],
  [
    'F-DOC-1 duplicate attribute',
    '<flow>\n  <eval out="$a" out="$b">1</eval>\n</flow>',
    ['flows/f.xml:2:18: error: malformed XML: duplicate attribute out'],
  ],
  [
    'F-DOC-1 < in an attribute value',
    '<flow>\n  <if test="1 < 2"/>\n</flow>',
    ["flows/f.xml:2:15: error: malformed XML: '<' is not allowed in attribute values (write &lt;)"],
  ],
  [
    'F-DOC-1 a second root element',
    '<flow/>\n<flow/>',
    ['flows/f.xml:2:1: error: malformed XML: more than one root element'],
  ],
  ['F-DOC-2 other root', '<flows/>', ['flows/f.xml:1:1: error: the root element must be <flow>, not <flows>']],
  [
    'F-DOC-2 svc-test root outside svc-test',
    '<svc-test/>',
    [
      'flows/f.xml:1:1: error: the root element must be <flow>, not <svc-test>; a svc-test document cannot be used as a flow',
    ],
  ],
  [
    'F-DOC-2 attributes on the root are a CW',
    '<flow name="x"/>',
    ['flows/f.xml:1:7: warning: attribute name on <flow> is ignored'],
  ],
  [
    'F-DOC-3 namespace prefix on an element',
    '<flow>\n  <x:eval xmlns:x="urn:x">1</x:eval>\n</flow>',
    [
      'flows/f.xml:2:3: error: namespaces are not allowed in flow files: <x:eval>',
      'flows/f.xml:2:11: error: namespaces are not allowed in flow files: namespace declaration xmlns:x',
    ],
  ],
  [
    'F-DOC-3 default namespace declaration',
    '<flow xmlns="urn:x"/>',
    ['flows/f.xml:1:7: error: namespaces are not allowed in flow files: namespace declaration xmlns'],
  ],
  [
    'F-DOC-4 text in a container',
    '<flow>\n  <if test="1">\n    oops\n  </if>\n</flow>',
    ['flows/f.xml:3:5: error: text is not allowed directly inside <if>'],
  ],
  [
    'F-DOC-4 CDATA text in a container',
    '<flow><![CDATA[x]]></flow>',
    ['flows/f.xml:1:16: error: text is not allowed directly inside <flow>'],
  ],
  [
    'F-DOC-4 comments, PIs and white space are ignored',
    '<flow>\n  <!-- c -->\n  <?pi x?>\n  <eval>1</eval>\n</flow>',
    [],
  ],
  [
    'F-DOC-5 unknown action with suggestion',
    '<flow>\n  <requets/>\n</flow>',
    ['flows/f.xml:2:3: error: unknown action <requets>; did you mean <request>?'],
  ],
  [
    'F-DOC-5 unknown action without suggestion',
    '<flow><zzzzzz/></flow>',
    ['flows/f.xml:1:7: error: unknown action <zzzzzz>'],
  ],
  [
    'F-DOC-5 test action outside svc-test',
    '<flow>\n  <assert>[]</assert>\n</flow>',
    ['flows/f.xml:2:3: error: test action <assert> is only allowed in svc-test documents'],
  ],
  [
    'F-DOC-6 a missing required attribute drops the action before its body is read (ACT-xslt-1)',
    '<flow>\n  <xslt bogus="1">{{</xslt>\n</flow>',
    [
      'flows/f.xml:2:3: error: missing required attribute src on <xslt>',
      'flows/f.xml:2:9: warning: unknown attribute bogus on <xslt>',
    ],
  ],
  [
    'F-DOC-6 unknown attribute is a CW with suggestion',
    '<flow>\n  <eval oot="$x">1</eval>\n</flow>',
    ['flows/f.xml:2:9: warning: unknown attribute oot on <eval>; did you mean out?'],
  ],
  [
    'F-DOC-6 missing required attribute at <',
    '<flow>\n  <set-status/>\n</flow>',
    ['flows/f.xml:2:3: error: missing required attribute code on <set-status>'],
  ],
  [
    'F-DOC-6 invalid static boolean',
    '<flow><dump minify="yes"/></flow>',
    ['flows/f.xml:1:13: error: invalid value "yes" for minify of <dump>; expected true or false'],
  ],
  [
    'F-DOC-7 empty body with text',
    '<flow><set-status code="200">x</set-status></flow>',
    ['flows/f.xml:1:30: error: <set-status> must be empty; found text'],
  ],
  [
    'F-DOC-7 empty body with a child',
    '<flow><sub-flow src="a.xml"><eval/></sub-flow></flow>',
    ['flows/f.xml:1:29: error: <sub-flow> must be empty; found <eval>'],
  ],
  [
    'F-DOC-7 text body with a child',
    '<flow><echo>a<b/></echo></flow>',
    ['flows/f.xml:1:14: error: <echo> takes text only; child elements such as <b> are not allowed'],
  ],
  [
    'ACT-eval-1 empty expression body',
    '<flow>\n  <eval out="$x">  </eval>\n</flow>',
    ['flows/f.xml:2:3: error: empty expression in <eval>'],
  ],
  [
    'F-DOC-9 expression error in the body lands on its column',
    '<flow>\n  <eval>1 +\n    @</eval>\n</flow>',
    ['flows/f.xml:3:5: error: syntax error in expression: unexpected @'],
  ],
  [
    'F-DOC-9 entities before an error count with their length',
    '<flow>\n  <if test="$a &lt; 1 and @"/>\n</flow>',
    ['flows/f.xml:2:27: error: syntax error in expression: unexpected @'],
  ],
  [
    'F-DOC-9 CDATA in an expression body counts with its markup',
    '<flow><eval><![CDATA[1 <]]> @</eval></flow>',
    ['flows/f.xml:1:29: error: syntax error in expression: unexpected @'],
  ],
  [
    'F-DOC-9 a {} part error lands inside the attribute',
    '<flow><echo status="4{&quot;x&quot; @}">x</echo></flow>',
    ['flows/f.xml:1:37: error: syntax error in expression: unexpected @'],
  ],
  [
    'F-CTL-1 if without test',
    '<flow>\n  <if>\n    <eval>1</eval>\n  </if>\n</flow>',
    ['flows/f.xml:2:3: error: missing required attribute test on <if>'],
  ],
  [
    'F-CTL-1 empty test',
    '<flow><if test="  "/></flow>',
    ['flows/f.xml:1:11: error: empty expression in test attribute of <if>'],
  ],
  [
    'F-CTL-2 elseif without if',
    '<flow>\n  <eval>1</eval>\n  <elseif test="1"/>\n</flow>',
    ['flows/f.xml:3:3: error: <elseif> must directly follow <if> or <elseif>'],
  ],
  [
    'F-CTL-3 else without if',
    '<flow>\n  <else/>\n</flow>',
    ['flows/f.xml:2:3: error: <else> must directly follow <if> or <elseif>'],
  ],
  [
    'F-CTL-3 else after an unknown element: only the unknown element is reported',
    '<flow><iff test="1"/><else/></flow>',
    ['flows/f.xml:1:7: error: unknown action <iff>; did you mean <if>?'],
  ],
  [
    'F-CTL-3 else after else',
    '<flow><if test="1"/><else/><else/></flow>',
    ['flows/f.xml:1:28: error: <else> must directly follow <if> or <elseif>'],
  ],
  [
    'F-CTL-3 else with test',
    '<flow><if test="1"/><else test="2"/></flow>',
    ['flows/f.xml:1:27: error: <else> takes no test attribute; use <elseif test="...">'],
  ],
  ['F-CTL-3 a comment between if and else is fine', '<flow><if test="1"/><!-- c --><else/></flow>', []],
  [
    'F-CTL-6 if attribute on if',
    '<flow><if test="1" if="2"/></flow>',
    ['flows/f.xml:1:20: error: <if> takes no if attribute; use test'],
  ],
  [
    'F-CTL-6 empty if attribute',
    '<flow><eval if="">1</eval></flow>',
    ['flows/f.xml:1:13: error: empty expression in if attribute of <eval>'],
  ],
  [
    'F-CTL-6 error in an if attribute',
    '<flow>\n  <break if="@"/>\n</flow>',
    ['flows/f.xml:2:14: error: syntax error in expression: unexpected @'],
  ],
  [
    'F-CTL-7 break with content',
    '<flow><break>x</break></flow>',
    ['flows/f.xml:1:14: error: <break> must be empty; found text'],
  ],
  [
    'F-CTL-9 debug on a control element is a CW',
    '<flow><return debug="x"/></flow>',
    ['flows/f.xml:1:15: warning: control element <return> takes no debug attribute'],
  ],
  [
    'F-CTL-9 other attributes on a control element are a CW',
    '<flow><break test="1"/></flow>',
    ['flows/f.xml:1:14: warning: unknown attribute test on <break>'],
  ],
  [
    'F-EXPR-4 unbalanced { at the first character after it',
    '<flow><echo mime="text/{ $k">x</echo></flow>',
    ["flows/f.xml:1:26: error: unbalanced '{' in attribute value; write {{ for a literal brace"],
  ],
  [
    'F-EXPR-4 unbalanced }',
    '<flow><set-status code="20}"/></flow>',
    ["flows/f.xml:1:27: error: unbalanced '}' in attribute value; write }} for a literal brace"],
  ],
  [
    'F-EXPR-4 empty {}',
    '<flow><set-status code="{ }"/></flow>',
    ['flows/f.xml:1:27: error: empty expression {} in attribute value'],
  ],
  [
    'F-EXPR-4 braces in string literals do not count',
    `<flow><echo mime="{concat('}', &quot;{&quot;, (: } :) '')}">x</echo></flow>`,
    [],
  ],
  [
    'F-EXPR-4 literal braces with {{ }}',
    '<flow><set-status code="{{200}}"/></flow>',
    ['flows/f.xml:1:19: warning: invalid status "{200}"; status 500 is sent instead (valid: 200-599)'],
  ],
  [
    'F-RESP-2 invalid static status is a CW',
    '<flow>\n  <set-status code="199"/>\n  <echo status=" 200 ">x</echo>\n</flow>',
    ['flows/f.xml:2:15: warning: invalid status "199"; status 500 is sent instead (valid: 200-599)'],
  ],
  [
    'F-RESP-5 static mime with control characters',
    '<flow><echo mime="text/a&#10;">x</echo></flow>',
    ['flows/f.xml:1:13: error: invalid mime "text/a\\n": control characters are not allowed'],
  ],
  [
    'F-VAR-1 invalid out name',
    '<flow>\n  <eval out="$1x">1</eval>\n</flow>',
    ['flows/f.xml:2:9: error: invalid variable name $1x: use $ then a letter or _, then letters, digits, _ or -'],
  ],
  [
    'F-VAR-1 $xml names are reserved',
    '<flow><eval out="$XMLdata">1</eval></flow>',
    ['flows/f.xml:1:13: error: invalid variable name $XMLdata: names starting with xml are reserved'],
  ],
  [
    'ACT-eval-3 out must be a variable',
    '<flow><eval out="svc://request/content">1</eval></flow>',
    ['flows/f.xml:1:13: error: out of <eval> must name a variable ($name), not "svc://request/content"'],
  ],
  [
    'F-LOC-1 invalid static location',
    '<flow><dump in="$x/y"/></flow>',
    ['flows/f.xml:1:13: error: invalid location "$x/y" in in of <dump>: invalid variable name $x/y'],
  ],
  [
    'F-LOC-2 static file location leaving the root',
    '<flow><dump in="../../secret"/></flow>',
    [
      'flows/f.xml:1:13: error: invalid location "../../secret" in in of <dump>: path leaves the project root: ../../secret',
    ],
  ],
  [
    'ACT-sub-flow-1 src leaving the root',
    '<flow><sub-flow src="/../x.xml"/></flow>',
    ['flows/f.xml:1:17: error: invalid sub-flow src "/../x.xml": path leaves the project root: ../x.xml'],
  ],
  [
    'ACT-sub-flow-1 src that is not a file',
    '<flow><sub-flow src="$x"/></flow>',
    ['flows/f.xml:1:17: error: invalid sub-flow src "$x": src must name a flow file'],
  ],
  [
    'F-DBG-1 invalid debug topic is a CW',
    '<flow><eval debug="a, b c,,d">1</eval></flow>',
    ['flows/f.xml:1:13: warning: invalid debug topic "b c"; topic names consist of letters, digits, _, - and .'],
  ],
  [
    'one mistake per element: a missing attribute stops checking it',
    '<flow><set-status if="@"/></flow>',
    ['flows/f.xml:1:7: error: missing required attribute code on <set-status>'],
  ],
]

describe('flow documents: diagnostics', () => {
  it.each(CASES)('%s', (_, given, want) => {
    expect(compileFlow(given).lines).toEqual(want)
  })
})

describe('flow documents: positions', () => {
  it('F-DOC-9 an <if test> at line 3 column 5 reports :3:5 for the element and :3:9 for test', () => {
    const { lines } = compileFlow('<flow>\n  <if test="1">\n    <if test="" >\n    </if>\n  </if>\n</flow>')
    expect(lines).toEqual(['flows/f.xml:3:9: error: empty expression in test attribute of <if>'])
    const missing = compileFlow('<flow>\n  <if test="1">\n    <if>\n    </if>\n  </if>\n</flow>')
    expect(missing.lines).toEqual(['flows/f.xml:3:5: error: missing required attribute test on <if>'])
  })

  it('CRLF and CR line ends count as one line break each', () => {
    expect(compileFlow('<flow>\r\n\r\n  <requets/>\r</flow>').lines).toEqual([
      'flows/f.xml:3:3: error: unknown action <requets>; did you mean <request>?',
    ])
    expect(compileFlow('<flow>\r\r\r  <zzzzz/></flow>').lines).toEqual([
      'flows/f.xml:4:3: error: unknown action <zzzzz>',
    ])
  })

  it('a byte order mark does not shift columns', () => {
    expect(compileFlow('\uFEFF<flow><zzzzz/></flow>').lines).toEqual(['flows/f.xml:1:7: error: unknown action <zzzzz>'])
  })

  it('columns count code points (an emoji before an error is one column)', () => {
    expect(compileFlow('<flow><eval>"😀" @</eval></flow>').lines).toEqual([
      'flows/f.xml:1:17: error: syntax error in expression: unexpected @',
    ])
  })
})

describe('svc-test documents', () => {
  it('F-DOC-2 accept the svc-test root; test actions are checked (test/unit/compiler/flow/actions/test-actions.test.ts)', () => {
    const { lines, flow } = compileFlow(
      '<svc-test>\n  <test-request>{}</test-request>\n  <eval>$status</eval>\n</svc-test>',
      { test: true },
    )
    expect(lines).toEqual([
      'flows/f.xml:2:17: error: test-request configuration: path is required (the request path, starting with /)',
    ])
    expect(flow?.root).toBe('svc-test')
    expect(flow?.assigned).toEqual(['status', 'response', 'headers'])
  })
})
