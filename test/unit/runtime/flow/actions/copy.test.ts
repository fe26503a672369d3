/** The `copy` action (actions.md ACT-copy-1..3; flows.md F-LOC-1..4, F-LOC-3 with operations.md FS3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Content, RaisedError } from '../../../../../runtime/index.js'
import { type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite, textOf } from './helpers.js'

describe('copy: compile checks', () => {
  it.each([
    [
      'ACT-copy-3 a read-only out is a CE',
      '<flow>\n  <copy out="data.json"/>\n</flow>',
      ['flows/f.xml:2:9: error: out of <copy> must be a variable or a content location; "data.json" is read-only'],
    ],
    [
      'ACT-copy-3 svc://request/empty is read-only',
      '<flow><copy out="svc://request/empty"/></flow>',
      [
        'flows/f.xml:1:13: error: out of <copy> must be a variable or a content location; "svc://request/empty" is read-only',
      ],
    ],
    [
      'F-LOC-1 an expression is no location',
      '<flow><copy in="$a/b"/></flow>',
      ['flows/f.xml:1:13: error: invalid location "$a/b" in in of <copy>: invalid variable name $a/b'],
    ],
    [
      'F-LOC-2 a static path may not leave the project',
      '<flow><copy in="../../x.json"/></flow>',
      [
        'flows/f.xml:1:13: error: invalid location "../../x.json" in in of <copy>: path leaves the project root: ../../x.json',
      ],
    ],
    [
      'ACT-copy-2 a static file that does not exist is a CW',
      '<flow><copy in="missing.json" out="$m"/></flow>',
      ['flows/f.xml:1:13: warning: file flows/missing.json does not exist; <copy> will leave its out unchanged'],
    ],
    [
      'F-DOC-7 the body is empty',
      '<flow><copy>x</copy></flow>',
      ['flows/f.xml:1:13: error: <copy> must be empty; found text'],
    ],
  ])('%s', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })

  it('ACT-copy-1 in and out default to the main content', () => {
    const { flow, lines } = lowerFlowText('<flow><copy/></flow>')
    expect(lines).toEqual([])
    expect(flow!.body[0]).toMatchObject({
      kind: 'copy',
      input: { kind: 'main-content' },
      output: { kind: 'main-content' },
    })
  })
})

describe('copy: run time', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      'fixtures/countries.json': '[{"code":"NO","name":"Norway"},{"code":"SE","name":"Sweden"}]',
      'fixtures/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]),
      // the example of ACT-copy-2, then the file-is-absent case
      'flows/example.xml': `<flow>
  <copy in="../fixtures/countries.json" out="$countries"/>
  <if test="$countries/json/value[code='NO']"><eval out="$found">$countries/json/value[code='NO']/name</eval></if>
  <copy in="../fixtures/absent.json" out="$absent"/>
</flow>`,
      'flows/kinds.xml': `<flow>
  <copy in="/fixtures/logo.png" out="svc://request/content/logo"/>
  <copy in="svc://request/content/logo" out="$logo"/>
  <copy in="$text" out="svc://request/content/text"/>
  <copy in="{$which}" out="$dynamic"/>
  <copy in="svc://request/empty" out="$empty"/>
  <copy in="$logo"/>
</flow>`,
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/kinds.xml'])
  })
  afterAll(() => removeSite(project.root))

  it('ACT-copy-1, ACT-copy-2 (spec example): a file becomes content; a missing one leaves out unset with an RW', async () => {
    const { ctx, messages } = await project.run('flows/example.xml')
    const countries = ctx.vars.get('countries')[0]
    expect(countries).toBeInstanceOf(Content)
    expect((countries as Content).mediaType).toBe('application/json')
    expect(ctx.vars.get('found')).toHaveLength(1)
    expect(ctx.vars.has('absent')).toBe(false)
    expect(messages).toEqual([
      'warn [copy] flows/example.xml:4:3: copy: fixtures/absent.json is missing; $absent is left unchanged',
    ])
  })

  it('ACT-copy-1 values are copied unchanged: bytes and media type of files, variables as they are', async () => {
    const { ctx, messages } = await project.run('flows/kinds.xml', { vars: { text: ['plain'], which: ['$text'] } })
    expect(messages).toEqual([])
    const logo = ctx.contents.upstream.get('logo')!
    expect([...logo.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff])
    expect(logo.mediaType).toBe('image/png')
    expect(ctx.vars.get('logo')).toEqual([logo])
    expect(ctx.contents.main).toEqual([logo])
    // a string stored as content is the content it would be sent as
    expect(textOf([ctx.contents.upstream.get('text')!])).toBe('plain')
    expect(ctx.contents.upstream.get('text')!.mediaType).toBe('text/plain')
    expect(ctx.vars.get('dynamic')).toEqual(['plain'])
    expect(
      (ctx.vars.get('empty')[0] as unknown as { documentElement: { nodeName: string } }).documentElement.nodeName,
    ).toBe('empty')
  })

  it('F-LOC-1 a dynamic in that is no location is an RF', async () => {
    const error = await project
      .run('flows/kinds.xml', { vars: { text: ['x'], which: ['$a/b'] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RaisedError)
    expect((error as RaisedError).errorObject.get('info')).toEqual([
      'flows/kinds.xml:5:3: copy: invalid location "$a/b": invalid variable name $a/b',
    ])
  })
})
