/** The `nameshave` action (actions.md ACT-nameshave-1..4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Content, renderBody } from '../../../../../runtime/index.js'
import { type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite } from './helpers.js'

describe('nameshave', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      'flows/main.xml': '<flow><nameshave/></flow>',
      'flows/vars.xml': `<flow>
  <eval out="$tree">json-parse('{"a":{"b":1}}')</eval>
  <nameshave in="$tree" out="$fromTree"/>
  <nameshave in="$text" out="svc://request/content/shaved"/>
  <eval out="$id">$fromTree/json/a/b</eval>
</flow>`,
    })
    project = await compileProject(root, ['flows/main.xml', 'flows/vars.xml'])
  })
  afterAll(() => removeSite(project.root))

  it('ACT-nameshave-2, ACT-nameshave-4 (spec example): the main content becomes <order><id>7</id></order>, sent as application/xml', async () => {
    const main = [Content.fromText('<a:order xmlns:a="urn:x"><a:id>7</a:id></a:order>', 'application/xml')]
    const { ctx, messages } = await project.run('flows/main.xml', { main })
    expect(messages).toEqual([])
    expect(renderBody(ctx.contents.main)).toEqual({ body: '<order><id>7</id></order>', mediaType: 'application/xml' })
  })

  it('ACT-nameshave-2, ACT-nameshave-3 strings are parsed; other nodes are kept; of two attributes with one local name the later wins', async () => {
    const text =
      '<p:r xmlns:p="urn:p" xmlns:q="urn:q" p:a="1" q:a="2" b="3"><!--c--><?pi x?><q:s><![CDATA[<t>]]></q:s></p:r>'
    const { ctx } = await project.run('flows/vars.xml', { vars: { text: [text] } })
    const shaved = ctx.contents.upstream.get('shaved')!
    expect(shaved.mediaType).toBe('application/xml')
    expect(shaved.text).toBe('<r a="2" b="3"><!--c--><?pi x?><s><![CDATA[<t>]]></s></r>')
  })

  it('ACT-nameshave-1 a node-set is used as it is (OXN nodes too), and the result is a document for expressions', async () => {
    const { ctx } = await project.run('flows/vars.xml', { vars: { text: ['<r/>'] } })
    expect(renderBody(ctx.vars.get('fromTree')).body).toBe('<json object=""><a object=""><b number="">1</b></a></json>')
    expect(ctx.vars.get('id')).toHaveLength(1)
  })

  it('ACT-nameshave-1 HTML content gives its document', async () => {
    const { ctx } = await project.run('flows/main.xml', { main: [Content.fromText('<p>hi', 'text/html')] })
    expect(renderBody(ctx.contents.main).body).toBe('<html><head/><body><p>hi</p></body></html>')
  })

  it.each([
    ['not well-formed', '<a><b></a>'],
    ['an internal DTD subset (oxn.md OXN-X1)', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
    ['plain text', 'hello'],
  ])('ACT-nameshave-1 unparsable input (%s) is an RW; out is unchanged', async (_, text) => {
    const { ctx, messages } = await project.run('flows/vars.xml', { vars: { text: [text] } })
    expect(ctx.contents.upstream.has('shaved')).toBe(false)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(
      /^warn \[nameshave\] flows\/vars\.xml:4:3: nameshave: \$text is not XML: .+; svc:\/\/request\/content\/shaved is left unchanged$/,
    )
  })

  it('ACT-nameshave-1 missing input is an RW', async () => {
    const { ctx, messages } = await project.run('flows/main.xml')
    expect(ctx.contents.main).toBeUndefined()
    expect(messages).toEqual([
      'warn [nameshave] flows/main.xml:1:7: nameshave: svc://request/content is missing; svc://request/content is left unchanged',
    ])
  })

  it('F-DOC-7 the body is empty', () => {
    expect(lowerFlowText('<flow><nameshave><x/></nameshave></flow>').lines).toEqual([
      'flows/f.xml:1:18: error: <nameshave> must be empty; found <x>',
    ])
  })
})
