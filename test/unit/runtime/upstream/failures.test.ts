/**
 * Upstream failures (upstream.md UP-ERR-1..6, UP-TIME-1..3, UP-NET-9, UP-GEN-4, UP-RESP-3, UP-LOG-1):
 * refused and reset connections, unparsable responses, every timeout kind, size limits, recorded
 * versus raised errors (`exit-on-error`), and what `$upstream`, `$error` and the stored body hold.
 */
import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { request } from '../../../../runtime/upstream/request-action.js'
import { Content } from '../../../../runtime/values/content.js'
import {
  Cleanups,
  errorVariable,
  requestBody,
  upstreamContext,
  type UpstreamHandler,
  upstreamVariable,
} from './helpers.js'

const AT = 'flows/f.xml:4:3'
const cleanups = new Cleanups()
afterEach(() => cleanups.run())

function context(settings = {}) {
  const test = upstreamContext(settings)
  cleanups.add(() => test.services.close())
  return test
}

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

/** A raw TCP server; `onSocket` decides what the "upstream" does. */
async function tcpServer(onSocket: (socket: Socket) => void): Promise<{ port: number; sockets: Socket[] }> {
  const sockets: Socket[] = []
  const server: TcpServer = createTcpServer((socket) => {
    sockets.push(socket)
    socket.on('error', () => undefined)
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.add(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  )
  return { port: (server.address() as AddressInfo).port, sockets }
}

async function freePort(): Promise<number> {
  const { port } = await tcpServer(() => undefined)
  await cleanups.closeLast()
  return port
}

describe('transport failures (UP-ERR-1, UP-ERR-6)', () => {
  it('connection refused: recorded as 3101 without exit-on-error; the flow continues', async () => {
    const port = await freePort()
    const { ctx, logs } = context()
    ctx.contents.main = ['before']
    await request(ctx, AT, 'flows', { content: 'main' }, requestBody(`{"url": "http://127.0.0.1:${port}/x"}`))
    const url = `http://127.0.0.1:${port}/x`
    const error = {
      message: 'Upstream Request Failed',
      status: 502,
      code: 3101,
      info: [`Request 'main' to ${url} failed: connection refused`],
      requestID: 'req-1',
    }
    expect(errorVariable(ctx)).toEqual(error)
    expect(upstreamVariable(ctx)).toEqual({ main: { url, status: 0, cacheHit: false, headers: {}, error } })
    expect(ctx.contents.main).toBeUndefined()
    const stored = ctx.contents.upstream.get('main') as Content
    expect(stored.bytes.length).toBe(0)
    expect(stored.mediaType).toBeNull()
    expect(logs('svc_request')).toEqual([
      expect.objectContaining({
        status: 0,
        errorName: 'ECONNREFUSED',
        errorMessage: 'connection refused',
        id: 'main.0',
      }),
    ])
    expect(logs('svc_alert')).toEqual([
      expect.objectContaining({ topic: 'request', code: 3101, status: 502, raised: false, info: error.info }),
    ])
  })

  it('UP-ERR-4: with exit-on-error the failure is raised (no alert written here; the pipeline writes it)', async () => {
    const port = await freePort()
    const { ctx, logs } = context()
    const attempt = request(
      ctx,
      AT,
      'flows',
      { content: 'stock' },
      requestBody(`{"url": "http://127.0.0.1:${port}/", "options": {"exit-on-error": "true"}}`),
    )
    const error = (await attempt.catch((e: unknown) => e)) as RaisedError
    expect(error).toBeInstanceOf(RaisedError)
    expect(error.code).toBe(3101)
    expect(error.status).toBe(502)
    expect(error.alertTopic).toBe('request')
    expect(upstreamVariable(ctx).stock.error.code).toBe(3101)
    expect(logs('svc_alert')).toEqual([])
  })

  it('connection reset before the response: "connection reset"', async () => {
    const { port } = await tcpServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "http://127.0.0.1:${port}/"}`))
    expect(errorVariable(ctx).info).toEqual([`Request 'main' to http://127.0.0.1:${port}/ failed: connection reset`])
    expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(logs('svc_request')[0]!.errorName)
  })

  it('an unparsable response: "invalid response" with the parser code', async () => {
    const { port } = await tcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 abc nonsense\r\n\r\n')))
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "http://127.0.0.1:${port}/"}`))
    expect(errorVariable(ctx).info[0]).toMatch(/failed: invalid response$/)
    expect(logs('svc_request')[0]!.errorName).toMatch(/^HPE_/)
  })

  it('fewer body bytes than Content-Length: "connection reset"', async () => {
    const { port } = await tcpServer((socket) =>
      socket.once('data', () =>
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nshort'),
      ),
    )
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "http://127.0.0.1:${port}/"}`))
    expect(errorVariable(ctx).info[0]).toMatch(/failed: connection reset$/)
    expect(upstreamVariable(ctx).main.status).toBe(0)
  })

  it('UP-NET-9: invalid JSON is not a failure; it is stored as received', async () => {
    const upstream = await upstreamWith((_req, res) => {
      res.setHeader('Content-Type', 'application/json')
      res.end('{"broken": ')
    })
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect((ctx.contents.main![0] as Content).text).toBe('{"broken": ')
    expect(errorVariable(ctx)).toBeUndefined()
  })

  it('UP-GEN-4: a body over SVC_MAX_UPSTREAM_BODY_SIZE fails with ETOOLARGE; a 5 MB body is fine', async () => {
    const five = Buffer.alloc(5 * 1024 * 1024, 'a')
    const upstream = await upstreamWith((_req, res) => res.end(five))
    const big = context()
    await request(big.ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect((big.ctx.contents.main![0] as Content).bytes.length).toBe(five.length)
    expect(big.logs('svc_request')[0]!.bytes).toBe(five.length)
    const small = context({ maxUpstreamBodySize: 1024 * 1024 })
    await request(small.ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect(errorVariable(small.ctx).info).toEqual([
      `Request 'main' to ${upstream.origin}/ failed: response body exceeds 1048576 bytes`,
    ])
    expect(small.logs('svc_request')[0]!.errorName).toBe('ETOOLARGE')
  })
})

describe('timeouts (UP-TIME-1..3, UP-ERR-2)', () => {
  it('overall: a body that trickles in too slowly fails after `timeout` with 3102', async () => {
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.write('partial')
      // never ends
    })
    const { ctx, logs } = context()
    const started = performance.now()
    await request(
      ctx,
      AT,
      'flows',
      { content: 'slow' },
      requestBody(`{"url": "${upstream.origin}/slow", "options": {"timeout": 0.3}}`),
    )
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(errorVariable(ctx)).toMatchObject({
      message: 'Upstream Request Timeout',
      status: 504,
      code: 3102,
      info: [`Request 'slow' to ${upstream.origin}/slow timed out after 0.3 s (overall timeout)`],
    })
    expect(upstreamVariable(ctx).slow.status).toBe(0)
    expect(logs('svc_request')[0]).toMatchObject({ status: 200, errorName: 'ETIMEDOUT', bytes: 7 })
  })

  it('time-to-first-byte: no response head in time', async () => {
    const upstream = await upstreamWith(() => undefined)
    const { ctx, logs } = context()
    const started = performance.now()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/", "options": {"timeout": 5, "time-to-first-byte-timeout": "0.2"}}`),
    )
    expect(performance.now() - started).toBeLessThan(2000)
    expect(errorVariable(ctx).info).toEqual([
      `Request 'main' to ${upstream.origin}/ timed out after 0.2 s (time-to-first-byte timeout)`,
    ])
    expect(logs('svc_request')[0]).toMatchObject({ status: 0, errorName: 'ETIMEDOUT' })
  })

  it('connect: a TLS handshake that never completes', async () => {
    const { port } = await tcpServer(() => undefined)
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "https://127.0.0.1:${port}/", "options": {"timeout": 5, "connect-timeout": 0.2}}`),
    )
    expect(errorVariable(ctx).info).toEqual([
      `Request 'main' to https://127.0.0.1:${port}/ timed out after 0.2 s (connect timeout)`,
    ])
  })

  it('UP-TIME-2: SVC_MAX_TIMEOUT caps the option; SVC_DEFAULT_TIMEOUT applies without one', async () => {
    const upstream = await upstreamWith(() => undefined)
    const capped = context({ maxTimeoutMs: 200 })
    await request(
      capped.ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/", "options": {"timeout": 30}}`),
    )
    expect(errorVariable(capped.ctx).info[0]).toMatch(/timed out after 0.2 s \(overall timeout\)$/)
    const defaulted = context({ defaultTimeoutMs: 250 })
    await request(defaulted.ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect(errorVariable(defaulted.ctx).info[0]).toMatch(/timed out after 0.25 s \(overall timeout\)$/)
  })

  it('UP-TIME-3: a timed-out connection is closed, not returned to the pool', async () => {
    const upstream = await upstreamWith(() => undefined)
    const closed = new Promise<void>((resolve) =>
      upstream.server.once('connection', (socket) => socket.once('close', () => resolve())),
    )
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/", "options": {"timeout": 0.1}}`))
    await closed
    expect(errorVariable(ctx).code).toBe(3102)
  })
})

describe('client gone (UP-ERR-7, flows.md F-EXEC-8)', () => {
  it('aborts the exchange, logs ECONNABORTED with status 0, and changes nothing', async () => {
    const upstream = await upstreamWith(() => undefined)
    const { ctx, logs, abort } = context()
    const attempt = request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    while (upstream.requests.length === 0) await new Promise((resolve) => setImmediate(resolve))
    abort()
    await expect(attempt).rejects.toThrow('the client disconnected')
    expect(logs('svc_request')).toEqual([expect.objectContaining({ status: 0, errorName: 'ECONNABORTED' })])
    expect(logs('svc_alert')).toEqual([])
    expect(upstreamVariable(ctx)).toBeUndefined()
    expect(errorVariable(ctx)).toBeUndefined()
  })
})

describe('the error flow (errors.md EF5)', () => {
  it('a failure recorded while the error flow runs sets only $upstream/<id>/error', async () => {
    const port = await freePort()
    const { ctx } = context()
    ctx.inErrorFlow = true
    ctx.vars.set('error', ['the error being handled'])
    await request(ctx, AT, 'flows', { content: 'audit' }, requestBody(`{"url": "http://127.0.0.1:${port}/"}`))
    expect(ctx.vars.get('error')).toEqual(['the error being handled'])
    expect(upstreamVariable(ctx).audit.error.code).toBe(3101)
  })
})
