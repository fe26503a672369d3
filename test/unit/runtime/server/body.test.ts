/**
 * Reading the request body (definition.md PL18, operations.md CF1 SVC_MAX_BODY_SIZE, errors.md EF3):
 * 413 / 3212 by Content-Length before reading and while streaming, no error flow, Connection: close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ask, flow, makeApp, parseRaw, rawExchange, route, startTestGateway, type TestGateway } from './helpers.js'

const errorFlowRuns: string[] = []
let gw: TestGateway
beforeAll(async () => {
  const echoSize = flow('flows/size.xml', (ctx) => {
    ctx.contents.main = [`got ${ctx.request!.body.bytes.length}`]
  })
  const errorFlow = flow('flows/error.xml', (ctx) => {
    errorFlowRuns.push(ctx.requestId)
  })
  gw = await startTestGateway(
    makeApp({ basePath: '/api', routes: [route('/up', null, echoSize)], errorFlow, defaultFlow: echoSize }),
    { SVC_MAX_BODY_SIZE: '8' },
  )
})
afterAll(() => gw.close())

describe('PL18 body limit', () => {
  it('a body of exactly the limit is read', async () => {
    const reply = await ask(gw.port, { method: 'POST', path: '/api/up', body: '12345678' })
    expect([reply.status, reply.text]).toEqual([200, 'got 8'])
  })

  it('a chunked body within the limit is read', async () => {
    const raw = await rawExchange(
      gw.port,
      'POST /api/up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n',
    )
    expect(parseRaw(raw).body).toBe('got 5')
  })

  it('413 / 3212 by Content-Length before the body arrives; no error flow; Connection: close', async () => {
    // The body is never sent: the answer must not wait for it.
    const raw = await rawExchange(gw.port, 'POST /api/up HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\n')
    const { statusLine, headers, body } = parseRaw(raw)
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large')
    expect(headers).toContainEqual(['Connection', 'close'])
    const error = JSON.parse(body).error
    expect(error).toMatchObject({
      message: 'Request Body Too Large',
      status: 413,
      code: 3212,
      info: ['Request body exceeds 8 bytes'],
    })
    expect(errorFlowRuns).toEqual([])
    const access = await gw.waitForLog('svc_access', (l) => l['requestID'] === error.requestID)
    expect(access).toMatchObject({ status: 413, errorCode: 3212, requestbytes: 0 })
  })

  it('413 / 3212 while streaming a chunked body, before it ends', async () => {
    const raw = await rawExchange(
      gw.port,
      'POST /api/up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n5\r\nworld\r\n',
    )
    const { statusLine, body } = parseRaw(raw)
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large')
    expect(JSON.parse(body).error.code).toBe(3212)
    expect(errorFlowRuns).toEqual([])
  })

  it('the limit applies to non-API requests before the default flow', async () => {
    const reply = await ask(gw.port, { method: 'POST', path: '/elsewhere', body: '123456789' })
    expect(reply.status).toBe(413)
    expect((await ask(gw.port, { method: 'POST', path: '/elsewhere', body: '1234' })).text).toBe('got 4')
  })

  it('the server keeps serving after a 413', async () => {
    expect((await ask(gw.port, { path: '/api/up' })).text).toBe('got 0')
  })
})
