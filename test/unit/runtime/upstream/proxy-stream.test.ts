/**
 * The streamed proxy through a real gateway (upstream.md UP-GEN-6, UP-PROXY-3..5, definition.md
 * PX7, PL18, flows.md F-EXEC-8): bodies forwarded as they arrive in either direction (memory with
 * 50 MB bodies: proxy-memory.test.ts), the content encoding passed through, failures before and
 * after the head, the client body limit, and a client that goes away.
 */
import { type IncomingMessage, request as httpRequest } from 'node:http'
import { gzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import type { FlowHandler, ProxyHandler } from '../../../../runtime/context/handler.js'
import { type ProxyData, proxyEnv, proxyHandler } from '../../../../runtime/upstream/proxy-handler.js'
import { ask, makeApp, route, startTestGateway, type TestGateway } from '../server/helpers.js'
import { Cleanups, type Upstream, type UpstreamHandler, writeMany } from './helpers.js'

const cleanups = new Cleanups()
afterEach(() => cleanups.run())

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

function proxy(data: ProxyData, streamRequestBody = true): ProxyHandler {
  return proxyHandler(data, { at: 'definition.yaml:5:5', dir: '', streamRequestBody })
}

async function gatewayFor(
  handler: ProxyHandler | FlowHandler,
  upstream: Upstream,
  env: Record<string, string> = {},
): Promise<TestGateway> {
  const gateway = await startTestGateway(
    makeApp({ basePath: '/gw', routes: [route('/**', null, handler as FlowHandler)] }),
    { UP: upstream.origin, ...env },
  )
  cleanups.add(() => gateway.close())
  return gateway
}

const MB = 1024 * 1024

describe('streamed responses (UP-GEN-6 steps 3-7)', () => {
  it('forwards the body as it arrives: the client reads the first part before the upstream ends', async () => {
    let clientHasFirst!: () => void
    const firstSeen = new Promise<void>((resolve) => (clientHasFirst = resolve))
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.write('first;')
      // the upstream ends only once the client holds the first part: a buffering proxy never gets here
      void firstSeen.then(() => res.end('last'))
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    const text = await new Promise<string>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: gateway.port, path: '/gw/s', agent: false }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString()
          if (body.startsWith('first;')) clientHasFirst()
        })
        res.on('end', () => resolve(body))
      })
        .on('error', reject)
        .end()
    })
    expect(text).toBe('first;last')
    const access = await gateway.waitForLog('svc_access')
    expect(access).toMatchObject({ status: 200, bytes: 10, flow: 'x-svc-proxy' })
    expect(access['aborted']).toBeUndefined()
    expect(await gateway.waitForLog('svc_request')).toMatchObject({ status: 200, bytes: 10, id: 'main.0' })
  })

  it('forwards a client body as it arrives: the upstream reads the first part before the client ends', async () => {
    let upstreamHasFirst!: () => void
    const firstSeen = new Promise<void>((resolve) => (upstreamHasFirst = resolve))
    const upstream = await upstreamWith((_req, res) => res.end('unused'))
    upstream.server.removeAllListeners('request')
    upstream.server.on('request', (req: IncomingMessage, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString()
        if (body.startsWith('part1;')) upstreamHasFirst()
      })
      req.on('end', () => res.end(`${body} (${req.headers['transfer-encoding'] ?? 'length'})`))
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    const text = await new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port: gateway.port, method: 'POST', path: '/gw/upload', agent: false },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve(body))
        },
      )
      outgoing.on('error', reject)
      outgoing.write('part1;')
      // the client ends only once the upstream holds the first part: a buffering proxy never gets here
      void firstSeen.then(() => outgoing.end('part2'))
    })
    expect(text).toBe('part1;part2 (chunked)')
    expect(await gateway.waitForLog('svc_access')).toMatchObject({ requestbytes: 11, status: 200 })
  })

  it('UP-GEN-6 step 4: the upstream encoding, type and length pass through; the body is not decoded', async () => {
    const encoded = gzipSync(Buffer.from('{"hello":"world"}'))
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': encoded.length,
        Vary: 'Accept-Encoding',
      })
      res.end(encoded)
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    const reply = await ask(gateway.port, { path: '/gw/z', headers: [['Accept-Encoding', 'gzip']] })
    expect(upstream.requests[0]!.headers['accept-encoding']).toBe('gzip')
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers['content-length']).toBe(String(encoded.length))
    expect(reply.body.equals(encoded)).toBe(true)
  })

  it('UP-GEN-6 step 6: a failure after the head aborts the client connection; alert raised: false; access aborted', async () => {
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200, { 'Content-Length': 1000 })
      res.write('partial')
      setImmediate(() => req.socket.destroy())
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    const error = await ask(gateway.port, { path: '/gw/x' }).then(
      () => null,
      (e: Error) => e,
    )
    expect(error).not.toBeNull()
    const alert = await gateway.waitForLog('svc_alert')
    expect(alert).toMatchObject({ topic: 'request', code: 3101, raised: false })
    expect(await gateway.waitForLog('svc_access')).toMatchObject({ aborted: true, status: 200 })
    expect(await gateway.waitForLog('svc_request')).toMatchObject({ status: 200, errorName: expect.any(String) })
  })

  it('UP-GEN-6 step 6: a failure before the head is an ordinary upstream failure (502 document)', async () => {
    const upstream = await upstreamWith((req) => req.socket.destroy())
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    const reply = await ask(gateway.port, { path: '/gw/x' })
    expect(reply.status).toBe(502)
    expect(reply.json().error.info).toEqual([`Request 'main' to ${upstream.origin}/gw/x failed: connection reset`])
  })

  it('F-EXEC-8: a client that goes away aborts the upstream exchange (ECONNABORTED, no alert)', async () => {
    let upstreamClosed!: () => void
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve))
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200)
      res.write('first')
      req.socket.on('close', upstreamClosed)
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream)
    await new Promise<void>((resolve) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port: gateway.port, path: '/gw/x', agent: false }, (res) => {
        res.once('data', () => {
          outgoing.destroy()
          resolve()
        })
      })
      outgoing.on('error', () => undefined)
      outgoing.end()
    })
    await closed
    expect(await gateway.waitForLog('svc_request')).toMatchObject({ status: 0, errorName: 'ECONNABORTED' })
    expect(await gateway.waitForLog('svc_access')).toMatchObject({ aborted: true })
    expect(gateway.logs('svc_alert')).toEqual([])
  })
})

describe('streamed client bodies and SVC_MAX_BODY_SIZE (PL18)', () => {
  it('a larger Content-Length gets 413 / 3212 before the upstream is contacted', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('never'))
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream, { SVC_MAX_BODY_SIZE: '10' })
    const reply = await ask(gateway.port, { method: 'POST', path: '/gw/x', body: 'more than ten bytes' })
    expect(reply.status).toBe(413)
    expect(reply.json().error.code).toBe(3212)
    expect(upstream.requests).toHaveLength(0)
  })

  it('a chunked body that grows beyond the limit gives 413 / 3212 when no head was sent', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('late'))
    upstream.server.removeAllListeners('request')
    upstream.server.on('request', (req: IncomingMessage, res) => {
      req.resume()
      req.on('end', () => res.end('late'))
    })
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }), upstream, { SVC_MAX_BODY_SIZE: String(MB) })
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port: gateway.port, method: 'POST', path: '/gw/x', agent: false },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      outgoing.on('error', reject)
      writeMany(outgoing, 4 * MB, () => outgoing.end())
    })
    expect(status).toBe(413)
    expect(gateway.logs('svc_alert')).toEqual([])
  })

  it('without streaming (a flow reads the body) the body is read in full as usual', async () => {
    const upstream = await upstreamWith((req, res) => res.end(req.headers['content-length'] ?? 'none'))
    const gateway = await gatewayFor(proxy({ origin: proxyEnv('UP') }, false), upstream)
    const reply = await ask(gateway.port, { method: 'POST', path: '/gw/x', body: 'hello' })
    expect(reply.text).toBe('5')
  })
})
