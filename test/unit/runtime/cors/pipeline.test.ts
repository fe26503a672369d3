/**
 * CORS in the request pipeline (definition.md PL4, PL13; security.md O9, O13, O17, O18): pre-flights
 * are logged with the flow `cors-preflight` and run no flow; fields set by flows are replaced; repeated
 * `Origin` headers match nothing; an app without `x-svc-cors` routes OPTIONS like any method.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { createCorsPolicy } from '../../../../runtime/cors/index.js'
import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from '../server/helpers.js'

const CORS = createCorsPolicy({
  anyOrigin: false,
  origins: ['https://shop.example.org'],
  wildcards: [],
  allowCredentials: false,
  maxAge: '7200',
  exposeHeaders: null,
})

let runs = 0
const SETS_CORS = flow('flows/sets.xml', (ctx) => {
  runs++
  ctx.response.headers.set('Access-Control-Allow-Origin', '*')
  ctx.response.headers.set('Access-Control-Max-Age', '5')
  ctx.response.headers.set('Vary', 'Accept')
  ctx.response.body = ['ok']
})

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

describe('CORS in the pipeline', () => {
  it('O13, O17: a pre-flight runs no flow and is logged as cors-preflight', async () => {
    runs = 0
    gateway = await startTestGateway({
      ...makeApp({
        routes: [
          route('/cart', [
            ['GET', SETS_CORS],
            ['OPTIONS', SETS_CORS],
          ]),
        ],
        initFlow: SETS_CORS,
      }),
      cors: CORS,
    })
    const reply = await ask(gateway.port, {
      method: 'OPTIONS',
      path: '/cart',
      headers: [['Origin', 'https://shop.example.org']],
    })
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('')
    expect(reply.headers['access-control-allow-methods']).toBe('GET, OPTIONS')
    expect(runs).toBe(0)
    const access = await gateway.waitForLog('svc_access')
    expect(access).toMatchObject({ flow: 'cors-preflight', status: 200, method: 'OPTIONS' })
    expect(gateway.logs('svc_alert')).toEqual([])
  })

  it('O18, O19: the gateway replaces CORS fields a flow set and appends Origin to its Vary', async () => {
    gateway = await startTestGateway({ ...makeApp({ routes: [route('/cart', [['GET', SETS_CORS]])] }), cors: CORS })
    const reply = await ask(gateway.port, { path: '/cart', headers: [['Origin', 'https://evil.example.org']] })
    expect(reply.status).toBe(200)
    expect(reply.headers['access-control-allow-origin']).toBeUndefined()
    expect(reply.headers['access-control-max-age']).toBeUndefined()
    expect(reply.headers['vary']).toBe('Accept, Origin')
  })

  it('O11: two Origin headers (joined, R5) match nothing', async () => {
    gateway = await startTestGateway({ ...makeApp({ routes: [route('/cart', [['GET', SETS_CORS]])] }), cors: CORS })
    const reply = await ask(gateway.port, {
      path: '/cart',
      headers: [
        ['Origin', 'https://shop.example.org'],
        ['Origin', 'https://shop.example.org'],
      ],
    })
    expect(reply.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('O9: without x-svc-cors there are no CORS headers and OPTIONS is routed normally', async () => {
    gateway = await startTestGateway(makeApp({ routes: [route('/cart', [['GET', SETS_CORS]])] }))
    const reply = await ask(gateway.port, {
      method: 'OPTIONS',
      path: '/cart',
      headers: [['Origin', 'https://shop.example.org']],
    })
    expect(reply.status).toBe(405)
    expect(reply.headers['vary']).toBeUndefined()
    expect(reply.headers['access-control-allow-methods']).toBeUndefined()
  })
})
