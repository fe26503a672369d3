/**
 * Classification and handler selection over HTTP: P5/P7/X1/MA4 (non-API 405 with empty Allow),
 * H9 (default flow), P18 (3208), MA1-MA5 (405 with Allow in MA2 order), H5 (3209), H7/H8 (init flow
 * CONTINUE and BREAK), EF2/X16 (which errors run the error flow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { FlowContext } from '../../../../runtime/context/flow-context.js'
import { ask, BREAK, flow, makeApp, route, startTestGateway, type TestGateway } from './helpers.js'

function text(ctx: FlowContext, value: string): void {
  ctx.contents.main = [value]
}

const HANDLER = flow('flows/handler.xml', (ctx) =>
  text(ctx, `handler saw init=${String(ctx.vars.get('fromInit')[0] ?? '')}`),
)
const INIT = flow('flows/init.xml', (ctx) => {
  ctx.vars.set('fromInit', ['yes'])
  ctx.response.headers.set('X-Init', '1')
  if (ctx.request?.headers.get('x-stop') !== undefined) {
    ctx.response.status = 503
    text(ctx, 'maintenance')
    return BREAK
  }
})
const DEFAULT = flow('flows/default.xml', (ctx) => text(ctx, `default ${String(ctx.vars.get('fromInit').length)}`))
const ERROR = flow('flows/error.xml', (ctx) => {
  ctx.contents.main = ctx.vars.get('error')
  ctx.response.headers.set('X-Error-Flow', 'ran')
})
const FAILING_DEFAULT = flow('flows/failing-default.xml', () => {
  throw new Error('boom')
})

let plain: TestGateway
let full: TestGateway
beforeAll(async () => {
  const routes = [
    route('/cart', [
      ['GET', HANDLER],
      ['DELETE', HANDLER],
      ['POST', HANDLER],
      ['PATCH', HANDLER],
    ]),
    route('/any', null, HANDLER),
    route('/nohandler', [['GET', null]]),
    route('/bare', null, null),
  ]
  plain = await startTestGateway(makeApp({ basePath: '/shop', routes }))
  full = await startTestGateway(
    makeApp({ basePath: '/shop', routes, initFlow: INIT, errorFlow: ERROR, defaultFlow: DEFAULT }),
  )
})
afterAll(async () => {
  await plain.close()
  await full.close()
})

describe('non-API requests', () => {
  const OUTSIDE = ['/', '/other', '/shopping', '/Shop/cart']
  it.each(OUTSIDE)('P5 X1 MA4 %s without default flow: 405 / 3210, empty Allow', async (path) => {
    const reply = await ask(plain.port, { path })
    expect(reply.status).toBe(405)
    expect(reply.rawHeaders).toContain('Allow')
    expect(reply.headers['allow']).toBe('')
    expect(reply.json().error).toMatchObject({
      code: 3210,
      status: 405,
      info: [`Path ${path} is outside the API base path /shop`],
    })
  })

  it('X16 the 405 for a non-API request never runs the error flow', async () => {
    const withErrorFlow = await startTestGateway(makeApp({ basePath: '/shop', routes: [], errorFlow: ERROR }))
    const reply = await ask(withErrorFlow.port, { path: '/x' })
    await withErrorFlow.close()
    expect(reply.status).toBe(405)
    expect(reply.headers['x-error-flow']).toBeUndefined()
  })

  it('H9 F-KIND-8 the default flow handles it, without the init flow', async () => {
    const reply = await ask(full.port, { path: '/other' })
    expect([reply.status, reply.text]).toEqual([200, 'default 0'])
    expect(reply.headers['x-init']).toBeUndefined()
  })

  it('X16 an error in the default flow runs the error flow', async () => {
    const gw = await startTestGateway(
      makeApp({ basePath: '/shop', routes: [], errorFlow: ERROR, defaultFlow: FAILING_DEFAULT }),
    )
    const reply = await ask(gw.port, { path: '/x' })
    await gw.close()
    expect(reply.status).toBe(500)
    expect(reply.headers['x-error-flow']).toBe('ran')
    expect(reply.json()).toMatchObject({ code: 5001 })
  })
})

describe('API routing and methods', () => {
  it('P18 no route: 404 / 3208 with the path in info', async () => {
    const reply = await ask(plain.port, { path: '/shop/nope?x=1' })
    expect(reply.status).toBe(404)
    expect(reply.json().error).toMatchObject({
      message: 'Path Not Found',
      code: 3208,
      info: ['Path /shop/nope not found.'],
    })
  })

  it('EF2 3208 runs the error flow, which sees $error', async () => {
    const reply = await ask(full.port, { path: '/shop/nope' })
    expect(reply.status).toBe(404)
    expect(reply.headers['x-error-flow']).toBe('ran')
    expect(reply.json()).toMatchObject({ code: 3208, info: ['Path /shop/nope not found.'] })
  })

  it('MA2 method not listed: 405 / 3210 with Allow in GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH order', async () => {
    const reply = await ask(plain.port, { method: 'PUT', path: '/shop/cart' })
    expect(reply.status).toBe(405)
    expect(reply.headers['allow']).toBe('GET, POST, DELETE, PATCH')
    expect(reply.json().error.info).toEqual([
      'Method PUT not allowed for /shop/cart; allowed: GET, POST, DELETE, PATCH',
    ])
  })

  it('MA3 HEAD is not implied by GET; OPTIONS by nothing', async () => {
    expect((await ask(plain.port, { method: 'HEAD', path: '/shop/cart' })).status).toBe(405)
    expect((await ask(plain.port, { method: 'OPTIONS', path: '/shop/cart' })).status).toBe(405)
  })

  it('EF2 EF4 3210 runs the error flow for API requests with Allow preset', async () => {
    const reply = await ask(full.port, { method: 'PUT', path: '/shop/cart' })
    expect(reply.status).toBe(405)
    expect(reply.headers['allow']).toBe('GET, POST, DELETE, PATCH')
    expect(reply.headers['x-error-flow']).toBe('ran')
  })

  it.each(['GET', 'PROPFIND', 'PATCH', 'DELETE'])('MA5 P4 a route without operations accepts %s', async (method) => {
    const reply = await ask(plain.port, { method, path: '/shop/any' })
    expect(reply.status).toBe(200)
  })

  it('H5 listed method without handler: 404 / 3209 and a routing alert', async () => {
    const reply = await ask(plain.port, { path: '/shop/nohandler' })
    expect(reply.status).toBe(404)
    const error = reply.json().error
    expect(error).toMatchObject({
      message: 'No Flow Found',
      code: 3209,
      info: ['No flow found for GET /shop/nohandler'],
    })
    const alert = await plain.waitForLog('svc_alert', (l) => l['requestID'] === error.requestID)
    expect(alert).toMatchObject({ topic: 'routing', code: 3209, status: 404, raised: true })
  })

  it('H5 a route without operations and without handler: 3209 for any method', async () => {
    const reply = await ask(plain.port, { method: 'POST', path: '/shop/bare' })
    expect(reply.json().error.code).toBe(3209)
  })

  it('X17 3208 and 3210 write no alert', async () => {
    const before = plain.logs('svc_alert').length
    await ask(plain.port, { path: '/shop/none' })
    await ask(plain.port, { method: 'PUT', path: '/shop/cart' })
    await plain.waitForLog('svc_access', (l) => l['status'] === 405 && l['method'] === 'PUT')
    expect(plain.logs('svc_alert').length).toBe(before)
  })
})

describe('init flow', () => {
  it('H8 CONTINUE: the handler runs and sees the init flow variables and headers', async () => {
    const reply = await ask(full.port, { path: '/shop/cart' })
    expect([reply.status, reply.text, reply.headers['x-init']]).toEqual([200, 'handler saw init=yes', '1'])
  })

  it('H8 BREAK: the handler is skipped and the init response is sent', async () => {
    const reply = await ask(full.port, { path: '/shop/cart', headers: [['X-Stop', '1']] })
    expect([reply.status, reply.text]).toEqual([503, 'maintenance'])
    const access = await full.waitForLog('svc_access', (l) => l['status'] === 503)
    expect(access['flow']).toBe('flows/init.xml')
  })

  it('H7 the init flow does not run for a request rejected by routing', async () => {
    const reply = await ask(full.port, { path: '/shop/nope' })
    expect(reply.headers['x-init']).toBeUndefined()
  })
})
