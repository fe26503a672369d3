/**
 * Redirects (upstream.md UP-REDIR-1..4), content decoding (UP-RESP-1), the response cache
 * (UP-CACHE-1..7) and connection reuse (UP-NET-7), against real upstreams.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

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

const AT = 'flows/f.xml:1:7'
const cleanups = new Cleanups()
afterEach(() => cleanups.run())

function context(settings = {}) {
  const test = upstreamContext(settings)
  cleanups.add(() => test.services.close())
  return test
}

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

function mainText(ctx: ReturnType<typeof context>['ctx']): string {
  return (ctx.contents.main![0] as Content).text
}

describe('redirects (UP-REDIR)', () => {
  const redirecting: UpstreamHandler = (req, res) => {
    if (req.url === '/start') {
      res.writeHead(302, { Location: '/middle?x=1', 'Set-Cookie': 'a=1' })
      res.end('moving')
    } else if (req.url === '/middle?x=1') {
      res.writeHead(303, { Location: '/end' })
      res.end()
    } else if (req.url === '/loop') {
      res.writeHead(301, { Location: '/loop' })
      res.end()
    } else {
      res.setHeader('Content-Type', 'text/plain')
      res.end(`final ${req.method}`)
    }
  }

  it('UP-REDIR-1: not followed by default', async () => {
    const upstream = await upstreamWith(redirecting)
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/start"}`))
    expect(upstreamVariable(ctx).main.status).toBe(302)
    expect(mainText(ctx)).toBe('moving')
  })

  it('UP-REDIR-2: followed hop by hop; 302 after POST and 303 continue with GET; one log line per hop', async () => {
    const upstream = await upstreamWith(redirecting)
    const { ctx, logs } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/start", "post": {"a": "b"}, "options": {"follow-redirects": true}}`),
    )
    expect(upstream.requests.map((r) => `${r.method} ${r.url} ${r.body.length}`)).toEqual([
      'POST /start 3',
      'GET /middle?x=1 0',
      'GET /end 0',
    ])
    expect(upstream.requests[1]!.headers['content-type']).toBeUndefined()
    expect(mainText(ctx)).toBe('final GET')
    expect(upstreamVariable(ctx).main).toMatchObject({ url: `${upstream.origin}/end`, status: 200 })
    expect(upstreamVariable(ctx).main.headers['set-cookie']).toBeUndefined()
    expect(logs('svc_request').map((line) => [line.id, line.status, line.url])).toEqual([
      ['main.0', 302, `${upstream.origin}/start`],
      ['main.1', 303, `${upstream.origin}/middle?x=1`],
      ['main.2', 200, `${upstream.origin}/end`],
    ])
  })

  it('UP-REDIR-2: Authorization and Cookie are not sent to another origin', async () => {
    const other = await upstreamWith((_req, res) => res.end('other'))
    const first = await upstreamWith((_req, res) => {
      res.writeHead(307, { Location: `${other.origin}/there` })
      res.end()
    })
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${first.origin}/", "cookies": {"s": "1"}, "headers": {"X-Keep": "k"}, "options": {"follow-redirects": true, "basic-auth-credentials": "u:p"}}`,
      ),
    )
    expect(first.requests[0]!.headers['authorization']).toBeDefined()
    const sent = other.requests[0]!
    expect(sent.headers['authorization']).toBeUndefined()
    expect(sent.headers['cookie']).toBeUndefined()
    expect(sent.headers['x-keep']).toBe('k')
    expect(sent.headers['host']).toBe(new URL(other.origin).host)
  })

  it('UP-REDIR-3: a redirect loop fails after max-redirects', async () => {
    const upstream = await upstreamWith(redirecting)
    const { ctx, logs } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/loop", "options": {"follow-redirects": true, "max-redirects": 2}}`),
    )
    expect(upstream.requests).toHaveLength(3)
    expect(errorVariable(ctx)).toMatchObject({
      code: 3101,
      info: [`Request 'main' to ${upstream.origin}/loop failed: maximum of 2 redirects exceeded`],
    })
    expect(logs('svc_request').map((line) => line.errorName)).toEqual([undefined, undefined, 'EREDIRECTS'])
  })

  it('UP-REDIR-3: with max-redirects 0 the first followable 3xx fails; the default is 5', async () => {
    const upstream = await upstreamWith(redirecting)
    const zero = context()
    await request(
      zero.ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/loop", "options": {"follow-redirects": true, "max-redirects": 0}}`),
    )
    expect(errorVariable(zero.ctx).code).toBe(3101)
    const defaults = context()
    await request(
      defaults.ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/loop", "options": {"follow-redirects": true}}`),
    )
    expect(upstream.requests).toHaveLength(1 + 6)
  })
})

describe('content decoding (UP-RESP-1)', () => {
  const text = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) })

  it.each([
    ['gzip', (b: Buffer) => gzipSync(b)],
    ['x-gzip', (b: Buffer) => gzipSync(b)],
    ['br', (b: Buffer) => brotliCompressSync(b)],
    ['gzip, br', (b: Buffer) => brotliCompressSync(gzipSync(b))],
  ])('decodes %s; headers stay as received; the log counts received bytes', async (coding, encode) => {
    const encoded = encode(Buffer.from(text))
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': coding,
        'Content-Length': encoded.length,
      })
      res.end(encoded)
    })
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect(mainText(ctx)).toBe(text)
    expect(upstreamVariable(ctx).main.headers['content-encoding']).toBe(coding)
    expect(upstreamVariable(ctx).main.headers['content-length']).toBe(String(encoded.length))
    expect(logs('svc_request')[0]!.bytes).toBe(encoded.length)
  })

  it('an unknown coding leaves the body as received', async () => {
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'zstd' })
      res.end('opaque')
    })
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect(mainText(ctx)).toBe('opaque')
  })

  it('a body that fails to decode is a transport failure; a decoded body is bounded', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024))
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' })
      res.end(req.url === '/bad' ? 'not gzip at all' : bomb)
    })
    const { ctx, logs } = context({ maxUpstreamBodySize: 1024 * 1024 })
    await request(ctx, AT, 'flows', { content: 'bad' }, requestBody(`{"url": "${upstream.origin}/bad"}`))
    expect(errorVariable(ctx).info).toEqual([
      `Request 'bad' to ${upstream.origin}/bad failed: response body could not be decoded (gzip)`,
    ])
    await request(ctx, AT, 'flows', { content: 'bomb' }, requestBody(`{"url": "${upstream.origin}/bomb"}`))
    expect(errorVariable(ctx).info).toEqual([
      `Request 'bomb' to ${upstream.origin}/bomb failed: response body exceeds 1048576 bytes`,
    ])
    expect(logs('svc_request').map((line) => line.errorName)).toEqual(['EBADRESPONSE', 'ETOOLARGE'])
  })
})

describe('caching (UP-CACHE)', () => {
  function counting(headers: Record<string, string>): UpstreamHandler {
    let n = 0
    return (req, res) => {
      n++
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { ETag: '"v1"', 'Cache-Control': 'max-age=60' })
        res.end()
        return
      }
      res.writeHead(200, { 'Content-Type': 'text/plain', ...headers })
      res.end(`response ${n}`)
    }
  }

  it('UP-CACHE-3, UP-CACHE-6: force-cache-ttl serves a hit without contacting the upstream, with Age', async () => {
    const upstream = await upstreamWith(counting({}))
    const { ctx, logs, services } = context()
    const config = `{"url": "${upstream.origin}/rates", "options": {"force-cache-ttl": 300}}`
    await request(ctx, AT, 'flows', {}, requestBody(config))
    const second = upstreamContext({}, services)
    await request(second.ctx, AT, 'flows', {}, requestBody(config))
    expect(upstream.requests).toHaveLength(1)
    expect((second.ctx.contents.main![0] as Content).text).toBe('response 1')
    expect(upstreamVariable(second.ctx).main.cacheHit).toBe(true)
    expect(upstreamVariable(second.ctx).main.headers.age).toBe('0')
    expect(upstreamVariable(ctx).main.cacheHit).toBe(false)
    expect(second.logs('svc_request')[0]).toMatchObject({ cacheHit: true, status: 200, bytes: 10 })
    expect(logs('svc_request')[0]).toMatchObject({ cacheHit: false })
  })

  it('UP-CACHE-4: force-cache-refresh contacts the upstream and stores the new response', async () => {
    const upstream = await upstreamWith(counting({}))
    const { ctx } = context()
    const base = `"url": "${upstream.origin}/rates", "options": {"force-cache-ttl": 300`
    await request(ctx, AT, 'flows', {}, requestBody(`{${base}}}`))
    await request(ctx, AT, 'flows', {}, requestBody(`{${base}, "force-cache-refresh": true}}`))
    expect(mainText(ctx)).toBe('response 2')
    await request(ctx, AT, 'flows', {}, requestBody(`{${base}}}`))
    expect(mainText(ctx)).toBe('response 2')
    expect(upstream.requests).toHaveLength(2)
  })

  it('UP-CACHE-3: the key holds the outgoing header fields and the body', async () => {
    const upstream = await upstreamWith(counting({}))
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/q", "headers": {"X-T": "a"}, "options": {"force-cache-ttl": 60}}`),
    )
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/q", "headers": {"X-T": "b"}, "options": {"force-cache-ttl": 60}}`),
    )
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/q", "body": {"value": 1}, "options": {"force-cache-ttl": 60}}`),
    )
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/q", "body": {"value": 2}, "options": {"force-cache-ttl": 60}}`),
    )
    expect(upstream.requests).toHaveLength(4)
  })

  it('UP-CACHE-2: max-age responses are served fresh; no-store is never stored', async () => {
    const fresh = await upstreamWith(counting({ 'Cache-Control': 'max-age=60' }))
    const never = await upstreamWith(counting({ 'Cache-Control': 'no-store, max-age=60' }))
    const { ctx } = context()
    for (let i = 0; i < 2; i++) {
      await request(
        ctx,
        AT,
        'flows',
        {},
        requestBody(`{"url": "${fresh.origin}/", "options": {"use-http-cache": true}}`),
      )
      await request(
        ctx,
        AT,
        'flows',
        {},
        requestBody(`{"url": "${never.origin}/", "options": {"use-http-cache": true}}`),
      )
    }
    expect(fresh.requests).toHaveLength(1)
    expect(never.requests).toHaveLength(2)
  })

  it('UP-CACHE-2: Expires minus Date gives the freshness; an Expires that is no HTTP date means expired', async () => {
    const now = Date.now()
    const date = new Date(now).toUTCString()
    const fresh = await upstreamWith(counting({ Date: date, Expires: new Date(now + 60_000).toUTCString() }))
    const invalid = await upstreamWith(counting({ Date: date, Expires: '0' }))
    // a form JavaScript's Date.parse reads, but not one of the three HTTP date forms (RFC 9110 5.6.7)
    const loose = await upstreamWith(counting({ Date: date, Expires: new Date(now + 60_000).toISOString() }))
    const { ctx } = context()
    for (let i = 0; i < 2; i++) {
      for (const upstream of [fresh, invalid, loose]) {
        await request(
          ctx,
          AT,
          'flows',
          {},
          requestBody(`{"url": "${upstream.origin}/", "options": {"use-http-cache": true}}`),
        )
      }
    }
    expect([fresh.requests.length, invalid.requests.length, loose.requests.length]).toEqual([1, 2, 2])
  })

  it('UP-CACHE-2: a no-cache entry with an ETag is revalidated; a 304 reports the stored status, refresh true', async () => {
    const upstream = await upstreamWith(counting({ 'Cache-Control': 'no-cache', ETag: '"v1"' }))
    const { ctx, logs } = context()
    const config = `{"url": "${upstream.origin}/doc", "options": {"use-http-cache": true}}`
    await request(ctx, AT, 'flows', {}, requestBody(config))
    await request(ctx, AT, 'flows', {}, requestBody(config))
    expect(upstream.requests[1]!.headers['if-none-match']).toBe('"v1"')
    expect(mainText(ctx)).toBe('response 1')
    expect(upstreamVariable(ctx).main).toMatchObject({ status: 200, cacheHit: false })
    expect(logs('svc_request').map((line) => [line.status, line.refresh, line.cacheHit])).toEqual([
      [200, false, false],
      [304, true, false],
    ])
    // the 304 carried max-age=60: the updated entry is fresh now
    await request(ctx, AT, 'flows', {}, requestBody(config))
    expect(upstream.requests).toHaveLength(2)
    expect(upstreamVariable(ctx).main.cacheHit).toBe(true)
  })

  it('UP-CACHE-2: an unsafe method invalidates the stored GET', async () => {
    const upstream = await upstreamWith(counting({ 'Cache-Control': 'max-age=60' }))
    const { ctx } = context()
    const get = `{"url": "${upstream.origin}/item", "options": {"use-http-cache": true}}`
    await request(ctx, AT, 'flows', {}, requestBody(get))
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/item", "method": "DELETE", "options": {"use-http-cache": true}}`),
    )
    await request(ctx, AT, 'flows', {}, requestBody(get))
    expect(upstream.requests.map((r) => r.method)).toEqual(['GET', 'DELETE', 'GET'])
  })
})

describe('connections (UP-NET-7)', () => {
  it('keep-alive connections are reused; disable-connection-reuse sends Connection: close on fresh ones', async () => {
    const sockets = new Set<unknown>()
    const upstream = await upstreamWith((req, res) => {
      sockets.add(req.socket)
      res.end('x')
    })
    const { ctx } = context()
    // undici frees a connection one tick after its response ended, so back-to-back requests may open a second one
    for (let i = 0; i < 6; i++) await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    const pooled = sockets.size
    expect(pooled).toBeLessThanOrEqual(2)
    for (let i = 0; i < 2; i++)
      await request(
        ctx,
        AT,
        'flows',
        {},
        requestBody(`{"url": "${upstream.origin}/", "options": {"disable-connection-reuse": true}}`),
      )
    expect(sockets.size).toBe(pooled + 2)
    expect(upstream.requests[7]!.headers['connection']).toBe('close')
  })
})
