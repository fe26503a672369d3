/**
 * FlowContext.release (issue 22): once a request's flows have ended, its context lets go of what they
 * made (variables, contents, the response body), so that a context promoted to V8's old generation
 * does not keep a request's parsed documents alive; the status and log fields stay for the access line,
 * and variables shared with other runs (svc-test, operations.md TS6) are left alone.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { FlowContext, type GatewayServices } from '../../../../runtime/context/flow-context.js'
import { VariableStore } from '../../../../runtime/context/variables.js'
import { Content } from '../../../../runtime/values/content.js'
import { JsonObject } from '../../../../runtime/values/json-value.js'
import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from './helpers.js'

let gw: TestGateway | undefined
afterEach(async () => {
  await gw?.close()
  gw = undefined
})

describe('a request context after its flows', () => {
  it('holds no variables, contents or response body once the response is sent, and keeps the status', async () => {
    const seen: FlowContext[] = []
    const handler = flow('flows/keep.xml', (ctx) => {
      seen.push(ctx)
      ctx.vars.set('list', ['a', 'b'])
      ctx.contents.upstream.set('main', Content.fromText('[1,2]', 'application/json'))
      ctx.logFields = new JsonObject(['k'], ['v'])
      ctx.response.status = 201
      ctx.contents.main = ['done']
    })
    gw = await startTestGateway(makeApp({ routes: [route('/keep', [['GET', handler]])] }))

    const reply = await ask(gw.port, { path: '/keep' })
    expect([reply.status, reply.text]).toEqual([201, 'done'])
    const access = await gw.waitForLog('svc_access')
    expect(access['k']).toBe('v')

    const ctx = seen[0]!
    expect(ctx.vars.has('list')).toBe(false)
    expect(ctx.vars.has('request')).toBe(false)
    expect(ctx.contents.main).toBeUndefined()
    expect(ctx.contents.upstream.size).toBe(0)
    expect(ctx.response.body).toBeUndefined()
    expect(ctx.response.status).toBe(201)
  })

  it('leaves variables shared with other runs as they are', () => {
    const services = {} as GatewayServices
    const shared = new VariableStore()
    const ctx = new FlowContext(services, 'id-1', new AbortController().signal, shared)
    ctx.vars.set('kept', ['x'])
    ctx.contents.main = ['y']
    ctx.release()
    expect(shared.get('kept')).toEqual(['x'])
    expect(ctx.contents.main).toBeUndefined()

    const own = new FlowContext(services, 'id-2', new AbortController().signal)
    own.vars.set('dropped', ['x'])
    own.release()
    expect(own.vars.has('dropped')).toBe(false)
  })
})
