/**
 * Build-time XSLT (actions.md ACT-xslt-1, ACT-xslt-3, ACT-xslt-5): loading stylesheets and their
 * modules, the checks made before the XSLT compiler runs, compiler errors located in the stylesheet,
 * and the cache that makes builds reproducible.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { createSourceFile, locAt } from '../../../../compiler/diagnostics/source.js'
import { loadFlows } from '../../../../compiler/flow/index.js'
import type { XsltNode } from '../../../../compiler/ir/content-actions.js'
import { compileStylesheets } from '../../../../compiler/xslt/compile-stylesheets.js'
import { cacheRoot } from '../../../../compiler/xslt/stylesheet-cache.js'
import { lowerFlowText, makeSite, printed, removeSite, writeSiteFile } from '../../runtime/flow/actions/helpers.js'

const XSL = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform"'
const sheet = (body: string, attributes = '') =>
  `<xsl:stylesheet version="1.0" ${XSL}${attributes}>\n${body}\n</xsl:stylesheet>\n`

let root = ''
beforeAll(() => {
  root = makeSite({
    'flows/ok.xsl': sheet('  <xsl:template match="/"><r/></xsl:template>'),
    'flows/empty.xsl': '  \n',
    'flows/malformed.xsl': sheet('  <xsl:template match="/">\n    <a></b>\n  </xsl:template>'),
    'flows/dtd.xsl': `<!DOCTYPE xsl:stylesheet [<!ENTITY e "x">]>\n${sheet('')}`,
    'flows/includes.xsl': sheet('  <xsl:include href="parts/part.xsl"/>\n  <xsl:import href="../shared/base.xsl"/>'),
    'flows/parts/part.xsl': sheet('  <xsl:output method="text" media-type="text/csv"/>'),
    'shared/base.xsl': sheet('  <xsl:output method="xml" media-type="application/atom+xml" indent="yes"/>'),
    'flows/missing-include.xsl': sheet('  <xsl:include href="nope.xsl"/>'),
    'flows/outside-include.xsl': sheet('  <xsl:include href="../../outside.xsl"/>'),
    'flows/remote-include.xsl': sheet('  <xsl:include href="https://example.test/x.xsl"/>'),
    'flows/documents.xsl': sheet(
      [
        '  <xsl:variable name="self" select="document(\'\')"/>',
        '  <xsl:variable name="lookup" select="document(\'data/lookup.xml\')"/>',
        '  <xsl:variable name="feed" select="fn:doc(&quot;svc://request/content/feed&quot;)" xmlns:fn="http://www.w3.org/2005/xpath-functions"/>',
        '  <xsl:template match="/"><r title="{document(\'svc://site/t.xml\')/t}">my-doc(1) <xsl:value-of select="\'doc($x)\'"/></r></xsl:template>',
      ].join('\n'),
    ),
  })
})
afterAll(() => removeSite(root))

const lower = (flow: string) => lowerFlowText(flow, { root, path: 'flows/f.xml' })

describe('ACT-xslt-1 loading and checking stylesheets', () => {
  it.each([
    ['src is required', '<flow><xslt/></flow>', ['flows/f.xml:1:7: error: missing required attribute src on <xslt>']],
    [
      'src must name a file',
      '<flow><xslt src="$sheet"/></flow>',
      ['flows/f.xml:1:13: error: invalid stylesheet src "$sheet": src must name a file'],
    ],
    [
      'a missing stylesheet',
      '<flow><xslt src="nope.xsl"/></flow>',
      ['flows/f.xml:1:13: error: stylesheet flows/nope.xsl not found'],
    ],
    [
      'an empty stylesheet',
      '<flow><xslt src="empty.xsl"/></flow>',
      ['flows/f.xml:1:13: error: stylesheet flows/empty.xsl is empty'],
    ],
    [
      'a stylesheet that is not well-formed, at its position',
      '<flow><xslt src="malformed.xsl"/></flow>',
      ['flows/malformed.xsl:3:11: error: malformed stylesheet: unexpected close tag'],
    ],
    [
      'an internal DTD subset',
      '<flow><xslt src="dtd.xsl"/></flow>',
      [
        'flows/dtd.xsl:1:1: error: malformed stylesheet: a document type declaration with an internal subset is not allowed',
      ],
    ],
    [
      'a missing xsl:include target, at the href',
      '<flow><xslt src="missing-include.xsl"/></flow>',
      ['flows/missing-include.xsl:2:22: error: xsl:include target flows/nope.xsl not found'],
    ],
    [
      'an include outside the project',
      '<flow><xslt src="outside-include.xsl"/></flow>',
      [
        'flows/outside-include.xsl:2:22: error: xsl:include href "../../outside.xsl" must be a relative path inside the project',
      ],
    ],
    [
      'a remote include',
      '<flow><xslt src="remote-include.xsl"/></flow>',
      [
        'flows/remote-include.xsl:2:22: error: xsl:include href "https://example.test/x.xsl" must be a relative path inside the project',
      ],
    ],
    [
      'cache must be true or false',
      '<flow><xslt src="ok.xsl" cache="yes"/></flow>',
      ['flows/f.xml:1:26: error: invalid value "yes" for cache of <xslt>; expected true or false'],
    ],
  ])('%s is a CE', (_, flow, want) => {
    expect(lower(flow).lines).toEqual(want)
  })

  it('the modules, the output settings (main module first, then includes and imports) and the cache key', () => {
    const { flow, lines } = lower('<flow><xslt src="includes.xsl" cache="false"/></flow>')
    expect(lines).toEqual([])
    const node = flow!.body[0] as XsltNode
    expect(node.stylesheet.modules.map((file) => file.path.slice(root.length + 1))).toEqual([
      'flows/includes.xsl',
      'flows/parts/part.xsl',
      'shared/base.xsl',
    ])
    expect(node.stylesheet.output).toEqual({ method: 'text', mediaType: 'text/csv' })
    expect(node.stylesheet.sef).toMatch(/^xslt\/includes-[0-9a-f]{12}\.sef\.json$/)
    expect(node.stylesheet.sef).toContain(node.stylesheet.hash.slice(0, 12))
  })

  it('the cache key changes with any module', () => {
    const before = (lower('<flow><xslt src="includes.xsl"/></flow>').flow!.body[0] as XsltNode).stylesheet.hash
    writeSiteFile(root, 'shared/base.xsl', sheet('  <xsl:output method="html"/>'))
    const after = (lower('<flow><xslt src="includes.xsl"/></flow>').flow!.body[0] as XsltNode).stylesheet.hash
    expect(after).not.toBe(before)
  })
})

describe('ACT-xslt-5 documents a stylesheet may read', () => {
  it("literal svc:// locations, relative paths and document('') are given to the engine; string literals are no calls", () => {
    const { flow, lines } = lower('<flow><xslt src="documents.xsl"/></flow>')
    expect(lines).toEqual([])
    expect((flow!.body[0] as XsltNode).stylesheet.documents).toEqual([
      { uri: 'svc://site/flows/documents.xsl', location: { kind: 'file', path: 'flows/documents.xsl' } },
      { uri: 'svc://site/flows/data/lookup.xml', location: { kind: 'file', path: 'flows/data/lookup.xml' } },
      { uri: 'svc://request/content/feed', location: { kind: 'upstream-content', id: 'feed' } },
      { uri: 'svc://site/t.xml', location: { kind: 'file', path: 't.xml' } },
    ])
  })

  it.each([
    [
      'a computed URI',
      'document(@href)',
      "document() needs a literal URI such as document('svc://site/data.xml'); a computed URI could read any file of the server",
    ],
    [
      'a variable URI',
      'doc($uri)',
      "doc() needs a literal URI such as doc('svc://site/data.xml'); a computed URI could read any file of the server",
    ],
    [
      'a file: URI',
      "document('file:///etc/passwd')",
      'document "file:///etc/passwd" is not an svc:// location; stylesheets read only content locations and project files',
    ],
    [
      'an http: URI',
      "doc('http://127.0.0.1/x')",
      'document "http://127.0.0.1/x" is not an svc:// location; stylesheets read only content locations and project files',
    ],
    [
      'a variable location',
      "document('svc://request/vars')",
      'document "svc://request/vars" is not an svc:// location; stylesheets read only content locations and project files',
    ],
    ['unparsed-text()', "unparsed-text('svc://site/a.txt')", 'unparsed-text() is not available in stylesheets'],
    ['collection()', 'collection()', 'collection() is not available in stylesheets'],
    ['json-doc()', "json-doc('a.json')", 'json-doc() is not available in stylesheets'],
    ['a function reference', 'doc#1', 'a reference to doc() is not allowed in stylesheets'],
    [
      'function-lookup()',
      "function-lookup(xs:QName('fn:doc'), 1)",
      'function-lookup() is not available in stylesheets',
    ],
  ])('%s is a CE in the stylesheet', (_, expression, message) => {
    writeSiteFile(
      root,
      'flows/refused.xsl',
      sheet(
        `  <xsl:template match="/">\n    <xsl:copy-of select="${expression.replace(/"/g, '&quot;')}"/>\n  </xsl:template>`,
      ),
    )
    expect(lower('<flow><xslt src="refused.xsl"/></flow>').lines).toEqual([`flows/refused.xsl:3:26: error: ${message}`])
  })

  it.each([
    [
      'xsl:result-document (it would write files)',
      '<xsl:result-document href="{@to}"><x/></xsl:result-document>',
      'xsl:result-document is not available in stylesheets: it would write files on the server',
    ],
    [
      'xsl:source-document',
      '<xsl:source-document href="a.xml"><x/></xsl:source-document>',
      'xsl:source-document is not available in stylesheets',
    ],
  ])('%s is a CE at the element', (_, element, message) => {
    writeSiteFile(
      root,
      'flows/refused.xsl',
      sheet(`  <xsl:template match="/">\n    ${element}\n  </xsl:template>`).replace('version="1.0"', 'version="3.0"'),
    )
    expect(lower('<flow><xslt src="refused.xsl"/></flow>').lines).toEqual([`flows/refused.xsl:3:5: error: ${message}`])
  })

  it('an attribute value template of a literal result element is checked', () => {
    writeSiteFile(
      root,
      'flows/avt.xsl',
      sheet('  <xsl:template match="/"><r a="{doc(@x)}" b="doc(x) is only text"/></xsl:template>'),
    )
    expect(lower('<flow><xslt src="avt.xsl"/></flow>').lines).toEqual([
      "flows/avt.xsl:2:34: error: doc() needs a literal URI such as doc('svc://site/data.xml'); a computed URI could read any file of the server",
    ])
  })
})

describe('ACT-xslt-1 compiling to SEF (xslt3)', () => {
  async function build(files: Record<string, string>, flow = '<flow><xslt src="s.xsl"/></flow>') {
    for (const [path, text] of Object.entries(files)) writeSiteFile(root, path, text)
    writeSiteFile(root, 'flows/build.xml', flow)
    const bag = new DiagnosticBag()
    const definition = createSourceFile(join(root, 'definition.yaml'), '')
    const flows = loadFlows(
      [{ kind: 'flow-ref', loc: locAt(definition, 0), path: join(root, 'flows/build.xml') }],
      root,
      bag,
    )
    const stylesheets = await compileStylesheets(flows, bag)
    return { stylesheets, lines: printed(bag, root), node: [...flows.values()][0]!.body[0] as XsltNode }
  }

  it('an XPath error is a CE at the expression in the stylesheet, with a note at the action', async () => {
    const { lines, stylesheets } = await build({
      'flows/s.xsl': sheet('  <xsl:template match="/">\n    <xsl:value-of select="count(//item"/>\n  </xsl:template>'),
    })
    expect(stylesheets.size).toBe(0)
    expect(lines).toEqual([
      'flows/s.xsl:3:27: error: stylesheet error XPST0003: in {count(//item}: expected ")", found <eof>',
      'flows/build.xml:1:13: note: stylesheet used by <xslt> here',
    ])
  })

  it('an XSLT error in an included module is a CE at its line there', async () => {
    const { lines } = await build({
      'flows/s.xsl': sheet('  <xsl:include href="inc/bad.xsl"/>'),
      'flows/inc/bad.xsl': sheet('  <xsl:template match="/">\n    <xsl:bogus/>\n  </xsl:template>'),
    })
    expect(lines).toEqual([
      'flows/inc/bad.xsl:3:5: error: stylesheet error XTSE0010: xsl:bogus is not a known XSLT element',
      'flows/build.xml:1:13: note: stylesheet used by <xslt> here',
    ])
  })

  it('an unknown function (the gateway functions are not available in XSLT) is a CE in an XSLT 3.0 stylesheet', async () => {
    const body = '  <xsl:template match="/">\n    <xsl:value-of select="tolower(\'A\')"/>\n  </xsl:template>'
    const { lines } = await build({ 'flows/s.xsl': sheet(body).replace('version="1.0"', 'version="3.0"') })
    expect(lines[0]).toMatch(/^flows\/s\.xsl:3:27: error: stylesheet error XPST0017: /)
  })

  it('a valid stylesheet gives its SEF under its output name; a second build takes it from the cache, byte for byte', async () => {
    const first = await build({ 'flows/s.xsl': sheet('  <xsl:template match="/"><ok/></xsl:template>') })
    expect(first.lines).toEqual([])
    const text = first.stylesheets.get(first.node.stylesheet.sef)!
    expect(JSON.parse(text)).toMatchObject({ N: 'package' })
    expect(existsSync(join(cacheRoot(), 'xslt', `${first.node.stylesheet.hash}.sef.json`))).toBe(true)
    const second = await build({})
    expect(second.stylesheets.get(second.node.stylesheet.sef)).toBe(text)
  })
})
