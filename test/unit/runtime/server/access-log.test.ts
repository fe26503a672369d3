/**
 * The access log (operations.md LG3, LG4 SVC_ACCESS_LOG, LG9; errors.md X19) and client
 * disconnects (flows.md F-EXEC-8: the run's signal fires, nothing is sent, `aborted: true`).
 */
import { connect } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from './helpers.js'

let started: (signal: AbortSignal) => void = () => {}
const waitForSignal = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve())
  })

const ROUTES = [
  route(
    '/shop/cart',
    null,
    flow('flows/cart.xml', (ctx) => {
      ctx.response.status = 201
      ctx.response.headers.set('Location', '/shop/cart/1')
      ctx.contents.main = ['{"ok":true}']
      ctx.response.defaultMime = 'application/json'
    }),
  ),
  route(
    '/slow',
    null,
    flow('flows/slow.xml', async (ctx) => {
      ctx.response.status = Number(ctx.request!.headers.get('x-status') ?? 200)
      started(ctx.signal)
      await waitForSignal(ctx.signal)
    }),
  ),
]

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway(makeApp({ routes: ROUTES }))
})
afterAll(() => gw.close())

describe('LG3 fields', () => {
  it('fields in table order with the values of the exchange', async () => {
    const before = Date.now()
    const reply = await ask(gw.port, {
      method: 'POST',
      path: '/shop/cart?lang=de',
      headers: [
        ['User-Agent', 'curl/8'],
        ['Referer', 'http://r.example/'],
        ['Content-Type', 'text/plain'],
      ],
      body: 'hello',
    })
    expect(reply.status).toBe(201)
    const line = await gw.waitForLog('svc_access', (l) => l['path'] === '/shop/cart?lang=de')
    expect(Object.keys(line)).toEqual([
      'timestamp',
      'type',
      'requestID',
      'url',
      'path',
      'status',
      'method',
      'agent',
      'referrer',
      'mime',
      'realtime',
      'bytes',
      'requestbytes',
      'flow',
      'requestmime',
      'location',
    ])
    expect(line).toMatchObject({
      type: 'svc_access',
      url: `http://127.0.0.1:${gw.port}/shop/cart?lang=de`,
      status: 201,
      method: 'POST',
      agent: 'curl/8',
      referrer: 'http://r.example/',
      mime: 'application/json',
      bytes: 11,
      requestbytes: 5,
      flow: 'flows/cart.xml',
      requestmime: 'text/plain',
      location: '/shop/cart/1',
    })
    expect(line['requestID']).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(line['timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    expect(Date.parse(String(line['timestamp']))).toBeGreaterThanOrEqual(before - 1000)
    expect(typeof line['realtime']).toBe('number')
    expect(line['realtime'] as number).toBeLessThan(5)
  })

  it('absent request headers give ""; a HEAD response counts no body bytes', async () => {
    const reply = await ask(gw.port, { method: 'HEAD', path: '/shop/cart' })
    expect(reply.headers['content-length']).toBe('11')
    const line = await gw.waitForLog('svc_access', (l) => l['method'] === 'HEAD')
    expect(line).toMatchObject({ agent: '', referrer: '', requestmime: '', bytes: 0 })
  })

  it('LG4 SVC_ACCESS_LOG=false suppresses the line', async () => {
    const quiet = await startTestGateway(makeApp({ routes: ROUTES }), { SVC_ACCESS_LOG: 'false' })
    await ask(quiet.port, { path: '/shop/cart' })
    await ask(quiet.port, { path: '/nowhere' })
    await quiet.close()
    expect(quiet.logs('svc_access')).toEqual([])
  })
})

describe('F-EXEC-8 client disconnect', () => {
  /** Sends a request to /slow, waits until the flow runs, then drops the connection. */
  async function abandon(extraHeader = ''): Promise<AbortSignal> {
    const flowStarted = new Promise<AbortSignal>((resolve) => (started = resolve))
    const socket = connect(gw.port, '127.0.0.1')
    socket.write(`GET /slow HTTP/1.1\r\nHost: h\r\n${extraHeader}\r\n`)
    const signal = await flowStarted
    socket.destroy()
    return signal
  }

  it('the signal fires, nothing is sent, the line says aborted with 499', async () => {
    const signal = await abandon()
    const line = await gw.waitForLog('svc_access', (l) => l['aborted'] === true && l['status'] === 499)
    expect(signal.aborted).toBe(true)
    expect(line).toMatchObject({ path: '/slow', flow: 'flows/slow.xml', bytes: 0, mime: '' })
  })

  it('LG3 aborted: the status as built when the flow set one', async () => {
    await abandon('X-Status: 202\r\n')
    const line = await gw.waitForLog('svc_access', (l) => l['aborted'] === true && l['status'] === 202)
    expect(line['aborted']).toBe(true)
  })

  it('the server keeps serving', async () => {
    expect((await ask(gw.port, { path: '/shop/cart' })).status).toBe(201)
  })
})
