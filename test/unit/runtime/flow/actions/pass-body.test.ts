/** The `pass-body` action (actions.md ACT-pass-body-1..4; flows.md F-RESP-5, F-EXEC-3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BREAK, Content } from '../../../../../runtime/index.js'
import { renderFlowResponse } from '../../../../../runtime/server/send.js'
import { type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite } from './helpers.js'

describe('pass-body', () => {
  let project: CompiledProject
  const pdf = new Content(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xe2]), 'application/pdf')
  beforeAll(async () => {
    const root = makeSite({
      'flows/example.xml': `<flow>
  <pass-body request="pdf" mime="application/pdf"/>
  <echo>never</echo>
</flow>`,
      'flows/defaults.xml': '<flow><template>{"changed": true}</template><pass-body/></flow>',
      'flows/dynamic.xml': '<flow><pass-body request="{$id}" status="{$status}" mime="{$mime}"/></flow>',
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/defaults.xml', 'flows/dynamic.xml'])
  })
  afterAll(() => removeSite(project.root))

  it('ACT-pass-body-1, ACT-pass-body-4 (spec example): the exact bytes with the mime given; the run ends', async () => {
    const { ctx, completion } = await project.run('flows/example.xml', { upstream: { pdf } })
    expect(completion).toBe(BREAK)
    const response = renderFlowResponse(ctx)
    expect(response.contentType).toBe('application/pdf')
    expect([...(response.body as Uint8Array)]).toEqual([...pdf.bytes])
  })

  it('ACT-pass-body-1, ACT-pass-body-2 main by default, unaffected by the main content; text/plain, not the upstream type', async () => {
    const main = Content.fromText('{"from":"upstream"}', 'application/json')
    const { ctx } = await project.run('flows/defaults.xml', { upstream: { main } })
    const response = renderFlowResponse(ctx)
    expect(response.contentType).toBe('text/plain')
    expect(Buffer.from(response.body as Uint8Array).toString()).toBe('{"from":"upstream"}')
  })

  it('ACT-pass-body-2 an explicit Content-Type field is kept without mime', async () => {
    const { ctx } = await project.run('flows/defaults.xml', { upstream: { main: pdf } })
    ctx.response.headers.set('Content-Type', 'application/x-custom')
    expect(renderFlowResponse(ctx).contentType).toBe('application/x-custom')
  })

  it('ACT-pass-body-3 nothing stored: an empty body and an RW; status follows set-status rules', async () => {
    const { ctx, messages } = await project.run('flows/dynamic.xml', {
      vars: { id: ['none'], status: ['abc'], mime: [''] },
    })
    const response = renderFlowResponse(ctx)
    expect([response.status, response.contentType, response.body]).toEqual([500, 'text/plain', ''])
    expect(messages).toEqual([
      'warn [pass-body] flows/dynamic.xml:1:7: pass-body: no body is stored for request "none"; an empty body is sent',
    ])
  })

  it('dynamic request, status and mime', async () => {
    const { ctx } = await project.run('flows/dynamic.xml', {
      vars: { id: ['pdf'], status: ['202'], mime: ['application/octet-stream'] },
      upstream: { pdf },
    })
    expect(renderFlowResponse(ctx)).toMatchObject({ status: 202, contentType: 'application/octet-stream' })
  })

  it.each([
    [
      'F-RESP-2 a static invalid status is a CW',
      '<flow><pass-body status="99"/></flow>',
      ['flows/f.xml:1:18: warning: invalid status "99"; status 500 is sent instead (valid: 200-599)'],
    ],
    [
      'F-DOC-7 the body is empty',
      '<flow><pass-body>x</pass-body></flow>',
      ['flows/f.xml:1:18: error: <pass-body> must be empty; found text'],
    ],
  ])('%s', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })
})
