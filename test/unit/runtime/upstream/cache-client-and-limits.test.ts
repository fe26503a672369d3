/**
 * Client cache headers and the cache's limits, against real upstreams on 127.0.0.1: with
 * `respect-client-cache-headers` a client `Cache-Control: no-cache` / `max-age=0` or `Pragma: no-cache`
 * turns the lookup into a refresh, without the option it changes nothing (upstream.md UP-CACHE-5);
 * least recently used entries go beyond 1000 entries or 100 MiB, decoded bodies above 10 MiB are
 * not stored (UP-CACHE-7).
 */
import { gzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import { request } from '../../../../runtime/upstream/request-action.js'
import {
  type CacheEntry,
  MAX_BODY_BYTES,
  MAX_ENTRIES,
  MAX_TOTAL_BYTES,
  ResponseCache,
} from '../../../../runtime/upstream/response-cache.js'
import type { UpstreamServices } from '../../../../runtime/upstream/services.js'
import { Content } from '../../../../runtime/values/content.js'
import { clientRequest } from '../flow/actions/helpers.js'
import {
  Cleanups,
  requestBody,
  type Upstream,
  upstreamContext,
  type UpstreamHandler,
  upstreamVariable,
} from './helpers.js'

const AT = 'flows/f.xml:1:7'
const MiB = 1024 * 1024
const cleanups = new Cleanups()
afterEach(() => cleanups.run())

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

/** Entries in the services' in-memory cache (the default store). */
function memoryEntries(services: UpstreamServices): number {
  if (!(services.cache instanceof ResponseCache)) throw new Error('not the in-memory cache')
  return services.cache.size
}

function sharedServices(): UpstreamServices {
  const { services } = upstreamContext()
  cleanups.add(() => services.close())
  return services
}

/** One client request (with `clientHeaders`, or none at all) running one `request` action. */
async function call(services: UpstreamServices, config: string, clientHeaders?: Record<string, string>) {
  const { ctx } = upstreamContext({}, services)
  if (clientHeaders !== undefined) ctx.request = clientRequest({ headers: clientHeaders })
  await request(ctx, AT, 'flows', {}, requestBody(config))
  const main = upstreamVariable(ctx).main
  return {
    status: main.status as number,
    cacheHit: main.cacheHit as boolean,
    body: (ctx.contents.main![0] as Content).bytes,
  }
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString()

/** Numbers its responses: `response 1`, `response 2`, …; fresh for a minute, with a validator. */
function counting(): UpstreamHandler {
  let n = 0
  return (_req, res) => {
    n++
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=60', ETag: `"v${n}"` })
    res.end(`response ${n}`)
  }
}

describe('client cache headers (UP-CACHE-5)', () => {
  const refreshing: [string, string][] = [
    ['Cache-Control', 'no-cache'],
    ['Cache-Control', 'max-age=0'],
    ['Pragma', 'no-cache'],
    ['Cache-Control', 'public, No-Cache'],
  ]

  it.each(refreshing)(
    'UP-CACHE-5: client %s: %s refreshes a force-cache-ttl entry and stores the new response',
    async (name, value) => {
      const upstream = await upstreamWith(counting())
      const services = sharedServices()
      const config = `{"url": "${upstream.origin}/rates", "options": {"force-cache-ttl": 300, "respect-client-cache-headers": true}}`
      expect(await call(services, config, {})).toMatchObject({ cacheHit: false })
      const refreshed = await call(services, config, { [name]: value })
      expect(upstream.requests).toHaveLength(2)
      expect(refreshed.cacheHit).toBe(false)
      expect(text(refreshed.body)).toBe('response 2')
      // the refreshed response replaced the entry: a plain client request is served it from the cache
      const after = await call(services, config, {})
      expect(upstream.requests).toHaveLength(2)
      expect(after.cacheHit).toBe(true)
      expect(text(after.body)).toBe('response 2')
    },
  )

  it('UP-CACHE-5: with use-http-cache the refresh sends no conditional fields and stores the new response', async () => {
    const upstream = await upstreamWith(counting())
    const services = sharedServices()
    const config = `{"url": "${upstream.origin}/doc", "options": {"use-http-cache": true, "respect-client-cache-headers": true}}`
    await call(services, config)
    const refreshed = await call(services, config, { Pragma: 'no-cache' })
    expect(upstream.requests).toHaveLength(2)
    expect(upstream.requests[1]!.headers['if-none-match']).toBeUndefined()
    expect(refreshed).toMatchObject({ status: 200, cacheHit: false })
    expect(text(refreshed.body)).toBe('response 2')
    const after = await call(services, config, { 'Cache-Control': 'max-age=10' })
    expect(upstream.requests).toHaveLength(2)
    expect(after.cacheHit).toBe(true)
    expect(text(after.body)).toBe('response 2')
  })

  it.each([
    ['force-cache-ttl', '"force-cache-ttl": 300'],
    ['use-http-cache', '"use-http-cache": true'],
  ])('UP-CACHE-5: without the option the client fields change nothing (%s)', async (_mode, mode) => {
    const upstream = await upstreamWith(counting())
    const services = sharedServices()
    const config = `{"url": "${upstream.origin}/rates", "options": {${mode}}}`
    await call(services, config)
    for (const [name, value] of refreshing) {
      const served = await call(services, config, { [name]: value })
      expect(served.cacheHit).toBe(true)
      expect(text(served.body)).toBe('response 1')
    }
    // false is the same as absent
    const explicit = await call(
      services,
      `{"url": "${upstream.origin}/rates", "options": {${mode}, "respect-client-cache-headers": false}}`,
      { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    )
    expect(explicit.cacheHit).toBe(true)
    expect(upstream.requests).toHaveLength(1)
  })

  it('UP-CACHE-5: other client directives leave the lookup alone', async () => {
    const upstream = await upstreamWith(counting())
    const services = sharedServices()
    const config = `{"url": "${upstream.origin}/rates", "options": {"force-cache-ttl": 300, "respect-client-cache-headers": true}}`
    await call(services, config)
    const others: Record<string, string>[] = [
      { 'Cache-Control': 'max-age=10' },
      { 'Cache-Control': 'no-transform' },
      { Pragma: 'x-no-cache-please' },
    ]
    for (const headers of others) {
      const served = await call(services, config, headers)
      expect(served.cacheHit).toBe(true)
    }
    expect(upstream.requests).toHaveLength(1)
  })
})

describe('cache limits (UP-CACHE-7)', () => {
  const forced = (origin: string, path: string) => `{"url": "${origin}${path}", "options": {"force-cache-ttl": 300}}`
  const requestsTo = (upstream: Upstream, path: string) => upstream.requests.filter((r) => r.url === path).length

  it('UP-CACHE-3: the request id each request sends upstream (LG2) is not part of the forced key', async () => {
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end(String(req.headers['x-request-id']))
    })
    const services = sharedServices()
    const config = forced(upstream.origin, '/rates')
    for (const id of ['first', 'second']) {
      const { ctx } = upstreamContext({}, services, id)
      await request(ctx, AT, 'flows', {}, requestBody(config))
    }
    expect(upstream.requests).toHaveLength(1)
    expect(upstream.requests[0]!.headers['x-request-id']).toBe('first')
  })

  it('UP-CACHE-7: beyond 1000 entries the least recently used one is evicted; a recently used one survives', async () => {
    const upstream = await upstreamWith((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end(req.url)
    })
    const services = sharedServices()
    for (let i = 0; i < 1000; i++) await call(services, forced(upstream.origin, `/e${i}`))
    expect(memoryEntries(services)).toBe(1000)
    // /e0 is used (a hit), so /e1 is now the least recently used entry
    expect((await call(services, forced(upstream.origin, '/e0'))).cacheHit).toBe(true)
    await call(services, forced(upstream.origin, '/e1000'))
    expect(upstream.requests).toHaveLength(1001)
    expect(memoryEntries(services)).toBe(1000)
    expect((await call(services, forced(upstream.origin, '/e0'))).cacheHit).toBe(true)
    expect((await call(services, forced(upstream.origin, '/e2'))).cacheHit).toBe(true)
    const evicted = await call(services, forced(upstream.origin, '/e1'))
    expect(evicted.cacheHit).toBe(false)
    expect(requestsTo(upstream, '/e1')).toBe(2)
    // storing /e1 again evicted the next least recently used entry, /e3 (/e2 was just used)
    expect((await call(services, forced(upstream.origin, '/e3'))).cacheHit).toBe(false)
    expect((await call(services, forced(upstream.origin, '/e1000'))).cacheHit).toBe(true)
    expect(upstream.requests).toHaveLength(1003)
  })

  it('UP-CACHE-7: beyond 100 MiB (bodies plus header bytes) the least recently used entry is evicted', async () => {
    const body = Buffer.alloc(10 * MiB, 'a')
    const upstream = await upstreamWith((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      res.end(body)
    })
    const services = sharedServices()
    for (let i = 1; i <= 9; i++) await call(services, forced(upstream.origin, `/b${i}`))
    expect((await call(services, forced(upstream.origin, '/b1'))).cacheHit).toBe(true)
    // ten 10 MiB bodies are exactly 100 MiB: their header bytes push the total beyond the limit
    await call(services, forced(upstream.origin, '/b10'))
    expect(upstream.requests).toHaveLength(10)
    expect(memoryEntries(services)).toBe(9)
    const used = await call(services, forced(upstream.origin, '/b1'))
    expect(used.cacheHit).toBe(true)
    expect(used.body.length).toBe(10 * MiB)
    expect((await call(services, forced(upstream.origin, '/b10'))).cacheHit).toBe(true)
    expect((await call(services, forced(upstream.origin, '/b2'))).cacheHit).toBe(false)
    expect(requestsTo(upstream, '/b2')).toBe(2)
  })

  it('UP-CACHE-7: a decoded body of exactly 10 MiB is stored, one byte more is not (whatever its size on the wire)', async () => {
    const sizes: Record<string, number> = {
      '/exact': 10 * MiB,
      '/over': 10 * MiB + 1,
      '/gzip-exact': 10 * MiB,
      '/gzip-over': 10 * MiB + 1,
    }
    const upstream = await upstreamWith((req, res) => {
      const plain = Buffer.alloc(sizes[req.url!]!, 'z')
      if (req.url!.startsWith('/gzip')) {
        const encoded = gzipSync(plain)
        res.writeHead(200, {
          'Content-Type': 'text/plain',
          'Content-Encoding': 'gzip',
          'Content-Length': encoded.length,
        })
        res.end(encoded)
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        res.end(plain)
      }
    })
    const services = sharedServices()
    const hits: Record<string, boolean[]> = {}
    for (const path of Object.keys(sizes)) {
      hits[path] = []
      for (let i = 0; i < 2; i++) {
        const served = await call(services, forced(upstream.origin, path))
        expect(served.body.length).toBe(sizes[path])
        hits[path]!.push(served.cacheHit)
      }
    }
    expect(hits).toEqual({
      '/exact': [false, true],
      '/over': [false, false],
      '/gzip-exact': [false, true],
      '/gzip-over': [false, false],
    })
    expect(Object.keys(sizes).map((path) => requestsTo(upstream, path))).toEqual([1, 2, 1, 2])
  })

  it('UP-CACHE-7: the limits at their exact boundaries (ResponseCache)', () => {
    expect([MAX_ENTRIES, MAX_TOTAL_BYTES, MAX_BODY_BYTES]).toEqual([1000, 100 * MiB, 10 * MiB])
    const entry = (body: Buffer, rawHeaders: string[] = []): CacheEntry => ({
      status: 200,
      rawHeaders,
      body,
      receivedBytes: body.length,
      storedAt: 0,
      initialAge: 0,
      lifetimeMs: 60_000,
      vary: [],
      etag: null,
      lastModified: null,
    })
    const counted = new ResponseCache()
    for (let i = 0; i < 1000; i++) counted.set(`k${i}`, entry(Buffer.alloc(1)))
    counted.get('k0')
    counted.set('k1000', entry(Buffer.alloc(1)))
    expect([
      counted.size,
      counted.get('k0') !== undefined,
      counted.get('k1') === undefined,
      counted.get('k2') !== undefined,
    ]).toEqual([1000, true, true, true])

    // one shared 10 MiB buffer: only the sizes count; header names and values count as bytes
    const big = Buffer.alloc(10 * MiB)
    const sized = new ResponseCache()
    for (let i = 0; i < 9; i++) sized.set(`b${i}`, entry(big))
    sized.set('b9', entry(big.subarray(4), ['Ab', 'cd']))
    expect(sized.size).toBe(10) // exactly 100 MiB is not beyond
    sized.get('b0')
    sized.set('tiny', entry(Buffer.alloc(1)))
    expect([sized.size, sized.get('b0') !== undefined, sized.get('b1') === undefined]).toEqual([10, true, true])

    const bodies = new ResponseCache()
    bodies.set('exact', entry(Buffer.alloc(MAX_BODY_BYTES)))
    bodies.set('over', entry(Buffer.alloc(MAX_BODY_BYTES + 1)))
    expect([bodies.get('exact') !== undefined, bodies.get('over') === undefined]).toEqual([true, true])
  })
})
