/**
 * The `xslt` action at run time (actions.md ACT-xslt-2..5; oxn.md OXN-X1, OXN-X6; flows.md F-RESP-4,
 * F-RESP-5): inputs of every kind, results by output method, run-time failures as RWs, documents read
 * by the stylesheet, and the engine loaded lazily per gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  Content,
  createLogger,
  EMPTY,
  FlowContext,
  RaisedError,
  renderBody,
  type StylesheetSpec,
  xslt,
} from '../../../../../runtime/index.js'
import { type CompiledProject, compileProject, makeSite, removeSite, textOf } from './helpers.js'

const XSL = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform"'

const RSS = `<rss version="2.0"><channel><title>News</title>
  <item><title>First</title><link>https://example.test/1</link></item>
  <item><title>Second</title><link>https://example.test/2</link></item>
</channel></rss>`

let project: CompiledProject
beforeAll(async () => {
  const root = makeSite({
    // the example of ACT-xslt
    'flows/feeds/rss-to-items.xsl': `<xsl:stylesheet version="1.0" ${XSL}>
  <xsl:template match="/">
    <items><xsl:for-each select="rss/channel/item"><item><title><xsl:value-of select="title"/></title></item></xsl:for-each></items>
  </xsl:template>
</xsl:stylesheet>`,
    'flows/example.xml': `<flow>
  <xslt src="feeds/rss-to-items.xsl" in="svc://request/content/feed" out="$items"/>
  <eval out="$second">string($items/items/item[2]/title)</eval>
</flow>`,
    'flows/to-json.xsl': `<xsl:stylesheet version="1.0" ${XSL}>
  <xsl:output method="text" media-type="application/json" encoding="ISO-8859-1"/>
  <xsl:template match="/">{"root": "<xsl:value-of select="name(/*)"/>", "count": <xsl:value-of select="count(//*)"/>, "first": "<xsl:value-of select="//*[text()]"/>"}</xsl:template>
</xsl:stylesheet>`,
    'flows/inputs.xml': `<flow>
  <xslt src="to-json.xsl" in="$in" out="$out"/>
  <eval out="$count">number($out/json/count)</eval>
</flow>`,
    'flows/text.xsl': `<xsl:stylesheet version="1.0" ${XSL}><xsl:output method="text"/><xsl:template match="/">n=<xsl:value-of select="count(//n)"/></xsl:template></xsl:stylesheet>`,
    'flows/html.xsl': `<xsl:stylesheet version="1.0" ${XSL}><xsl:template match="/"><html><body><br/><p><xsl:value-of select="/*/@a"/></p></body></html></xsl:template></xsl:stylesheet>`,
    'flows/xml.xsl': `<xsl:stylesheet version="1.0" ${XSL}><xsl:output media-type="application/vnd.test"/><xsl:template match="/"><r><xsl:copy-of select="/*/*"/></r></xsl:template></xsl:stylesheet>`,
    'flows/oxn.xml': `<flow>
  <eval out="$tree">json-parse('{"a":{"b":"x"}}')</eval>
  <xslt src="to-json.xsl" in="$tree" out="$out"/>
</flow>`,
    'flows/outputs.xml': `<flow>
  <xslt src="text.xsl" in="$in" out="$text"/>
  <xslt src="html.xsl" in="$in" out="svc://request/content/html"/>
  <xslt src="xml.xsl" in="$in"/>
  <eval out="$fromXml">count(content()/r/*)</eval>
</flow>`,
    'flows/failing.xsl': `<xsl:stylesheet version="1.0" ${XSL}>
  <xsl:template match="/">
    <xsl:message>checking <xsl:value-of select="name(/*)"/></xsl:message>
    <xsl:if test="/stop"><xsl:message terminate="yes">stopped by the stylesheet</xsl:message></xsl:if>
    <ok/>
  </xsl:template>
</xsl:stylesheet>`,
    'flows/failing.xml': '<flow><xslt src="failing.xsl" in="$in" out="$out"/></flow>',
    'flows/data/lookup.xml': '<codes><code id="NO">Norway</code></codes>',
    'flows/documents.xsl': `<xsl:stylesheet version="1.0" ${XSL}>
  <xsl:output method="text"/>
  <xsl:variable name="codes" select="document('data/lookup.xml')/codes"/>
  <xsl:template match="/">
    <xsl:value-of select="$codes/code[@id = current()/*/@code]"/>|<xsl:value-of select="document('svc://request/content/extra')/*/@v"/>|<xsl:value-of select="count(document('')//xsl:template)"/>
  </xsl:template>
</xsl:stylesheet>`,
    'flows/documents.xml': '<flow><xslt src="documents.xsl" in="$in" out="$out"/></flow>',
    'flows/compat.xsl': `<xsl:stylesheet version="1.0" ${XSL}><xsl:output method="text"/><xsl:template match="/"><xsl:value-of select="//n"/>,<xsl:value-of select="//n + 1"/>,<xsl:value-of select="'10' &lt; '9'"/></xsl:template></xsl:stylesheet>`,
    'flows/compat.xml': '<flow><xslt src="compat.xsl" in="$in" out="$out"/></flow>',
    'flows/typed.xsl': `<xsl:stylesheet version="1.0" ${XSL}><xsl:template match="/">
  <json object=""><count number=""><xsl:value-of select="count(//n)"/></count><names array=""><xsl:for-each select="//n"><value string=""><xsl:value-of select="."/></value></xsl:for-each></names></json>
</xsl:template></xsl:stylesheet>`,
    'flows/typed.xml':
      '<flow><xslt src="typed.xsl" in="$in"/><eval out="$count">number(content()/json/count)</eval></flow>',
  })
  project = await compileProject(root, [
    'flows/example.xml',
    'flows/inputs.xml',
    'flows/oxn.xml',
    'flows/outputs.xml',
    'flows/failing.xml',
    'flows/documents.xml',
    'flows/compat.xml',
    'flows/typed.xml',
  ])
})
afterAll(() => removeSite(project.root))

describe('ACT-xslt-2 inputs', () => {
  it('(spec example) an upstream RSS body becomes the node-set $items', async () => {
    const { ctx, messages } = await project.run('flows/example.xml', {
      upstream: { feed: Content.fromText(RSS, 'application/rss+xml') },
    })
    expect(messages).toEqual([])
    expect(ctx.vars.get('second')).toEqual(['Second'])
    const items = ctx.vars.get('items')[0] as Content
    expect(items.mediaType).toBe('application/xml')
    expect(items.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><items><item><title>First</title></item><item><title>Second</title></item></items>',
    )
  })

  it.each([
    [
      'XML content as it is',
      () => Content.fromText('<a><b>x</b></a>', 'text/xml'),
      '{"root": "a", "count": 2, "first": "x"}',
    ],
    [
      'JSON content as OXN XML',
      () => Content.fromText('{"a":{"b":"x"}}', 'application/json'),
      '{"root": "json", "count": 3, "first": "x"}',
    ],
    [
      'HTML content as its document',
      () => Content.fromText('<p>x', 'text/html'),
      '{"root": "html", "count": 4, "first": "x"}',
    ],
    [
      'other content as XML text',
      () => Content.fromText('<a>x</a>', 'text/plain'),
      '{"root": "a", "count": 1, "first": "x"}',
    ],
    ['a string as XML text', () => '<a>x</a>', '{"root": "a", "count": 1, "first": "x"}'],
    [
      'a plain DOCTYPE (accepted and ignored)',
      () => '<!DOCTYPE a SYSTEM "a.dtd"><a>x</a>',
      '{"root": "a", "count": 1, "first": "x"}',
    ],
  ])('%s', async (_, input, want) => {
    const { ctx, messages } = await project.run('flows/inputs.xml', { vars: { in: [input()] } })
    expect(messages).toEqual([])
    const out = ctx.vars.get('out')[0] as Content
    expect([out.text, out.mediaType]).toEqual([want, 'application/json'])
    // ACT-xslt-3 the media-type makes the result JSON for expressions
    expect(ctx.vars.get('count')).toHaveLength(1)
  })

  it('a node-set is used as it is: OXN trees and XML nodes', async () => {
    const tree = await project.run('flows/oxn.xml')
    expect(textOf(tree.ctx.vars.get('out'))).toBe('{"root": "json", "count": 3, "first": "x"}')
    const { ctx } = await project.run('flows/example.xml', {
      upstream: { feed: Content.fromText(RSS, 'application/xml') },
    })
    const items = (await project.run('flows/inputs.xml', { vars: { in: ctx.vars.get('items') } })).ctx.vars.get(
      'out',
    )[0] as Content
    expect(items.text).toBe('{"root": "items", "count": 5, "first": "First"}')
  })

  it.each([
    ['missing input', undefined, '$in is missing'],
    ['an empty sequence', [], '$in is empty'],
    ['an empty string', [''], '$in is empty'],
    ['a number', [5], '$in is not XML'],
    [
      'an internal DTD subset (OXN-X1)',
      ['<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
      '$in is refused: a document type declaration with an internal subset is not allowed',
    ],
  ])('%s is an RW; nothing is written', async (_, value, reason) => {
    const { ctx, messages } = await project.run('flows/inputs.xml', {
      vars: value === undefined ? {} : { in: value as never },
    })
    expect(ctx.vars.has('out')).toBe(false)
    expect(messages).toEqual([`warn [xslt] flows/inputs.xml:2:3: xslt: ${reason}; nothing is written to $out`])
  })

  it('text that is no XML is an RW from the transformation', async () => {
    const { ctx, messages } = await project.run('flows/inputs.xml', { vars: { in: ['not xml'] } })
    expect(ctx.vars.has('out')).toBe(false)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(
      /^warn \[xslt\] flows\/inputs\.xml:2:3: xslt: transformation with flows\/to-json\.xsl failed: .*FODC0002.*; nothing is written to \$out$/,
    )
  })
})

describe('ACT-xslt-3 results', () => {
  it('text: a string with text/plain; html: text/html serialized as HTML; xml: the media-type, a document for expressions', async () => {
    const { ctx, messages } = await project.run('flows/outputs.xml', { vars: { in: ['<r a="1"><n/><n/></r>'] } })
    expect(messages).toEqual([])
    expect(textOf(ctx.vars.get('text'))).toBe('n=2')
    expect((ctx.vars.get('text')[0] as Content).mediaType).toBe('text/plain')
    const html = ctx.contents.upstream.get('html')!
    expect(html.mediaType).toBe('text/html')
    expect(html.text).toContain('<br><p>1</p>')
    const rendered = renderBody(ctx.contents.main)
    expect([Buffer.from(rendered.body).toString(), rendered.mediaType]).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?><r><n/><n/></r>',
      'application/vnd.test',
    ])
    expect(ctx.vars.get('fromXml')).toEqual([2])
  })

  it('OXN-X4, F-RESP-4: an XML result whose root carries a type attribute is sent as JSON; expressions see the document', async () => {
    const { ctx, messages } = await project.run('flows/typed.xml', { vars: { in: ['<r><n>1</n><n>say "hi"</n></r>'] } })
    expect(messages).toEqual([])
    const rendered = renderBody(ctx.contents.main)
    expect([Buffer.from(rendered.body).toString(), rendered.mediaType]).toEqual([
      '{"count":2,"names":["1","say \\"hi\\""]}',
      'application/json',
    ])
    expect(ctx.vars.get('count')).toEqual([2])
  })

  it('XSLT 1.0 stylesheets run in backwards-compatible mode (first node, numeric comparison)', async () => {
    const { ctx } = await project.run('flows/compat.xml', { vars: { in: ['<r><n>1</n><n>5</n></r>'] } })
    expect(textOf(ctx.vars.get('out'))).toBe('1,2,false')
  })
})

describe('ACT-xslt-4, ACT-xslt-5 at run time', () => {
  it('xsl:message is an info message with topic xslt; terminate="yes" is an RW and nothing is written', async () => {
    const ok = await project.run('flows/failing.xml', { vars: { in: ['<go/>'] } })
    expect(ok.messages).toEqual(['info [xslt] flows/failing.xsl: xsl:message: checking go'])
    const stopped = await project.run('flows/failing.xml', { vars: { in: ['<stop/>'] } })
    expect(stopped.ctx.vars.has('out')).toBe(false)
    expect(stopped.messages).toEqual([
      'info [xslt] flows/failing.xsl: xsl:message: checking stop',
      'info [xslt] flows/failing.xsl: xsl:message: stopped by the stylesheet',
      'warn [xslt] flows/failing.xml:1:7: xslt: transformation with flows/failing.xsl failed: XTMM9000: Terminated with stopped by the stylesheet; nothing is written to $out',
    ])
  })

  it('document() reads project files, content locations and the stylesheet itself', async () => {
    const { ctx, messages } = await project.run('flows/documents.xml', {
      vars: { in: ['<r code="NO"/>'] },
      upstream: { extra: Content.fromText('<e v="42"/>', 'application/xml') },
    })
    expect(messages).toEqual([])
    expect(textOf(ctx.vars.get('out'))).toBe('Norway|42|1')
  })

  it('a missing content location makes document() fail: an RW', async () => {
    const { ctx, messages } = await project.run('flows/documents.xml', { vars: { in: ['<r code="NO"/>'] } })
    expect(ctx.vars.has('out')).toBe(false)
    expect(messages[0]).toMatch(
      /^warn \[xslt\] flows\/documents\.xml:1:7: xslt: transformation with flows\/documents\.xsl failed: /,
    )
  })

  it('a build without an engine, or with its compiled stylesheet missing, is an RF', async () => {
    const spec: StylesheetSpec = {
      src: 'flows/x.xsl',
      sef: 'xslt/none.sef.json',
      method: null,
      mediaType: null,
      documents: [],
    }
    const bare = new FlowContext(
      { siteRoot: project.root, logger: createLogger(() => {}), env: EMPTY, server: EMPTY },
      'r1',
      new AbortController().signal,
    )
    bare.vars.set('in', ['<a/>'])
    const noEngine = (() => {
      try {
        xslt(bare, 'flows/x.xml:1:7', spec, { kind: 'variable', name: 'in' }, { kind: 'main-content' })
      } catch (error) {
        return error
      }
    })()
    expect((noEngine as RaisedError).errorObject.get('info')).toEqual([
      'flows/x.xml:1:7: xslt: this build has no XSLT engine',
    ])
    const withEngine = new FlowContext(project.services, 'r1', new AbortController().signal)
    withEngine.vars.set('in', ['<a/>'])
    expect(() =>
      xslt(withEngine, 'flows/x.xml:1:7', spec, { kind: 'variable', name: 'in' }, { kind: 'main-content' }),
    ).toThrow(RaisedError)
  })
})
