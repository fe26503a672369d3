/**
 * The upstream response cache on Redis (docs/spec/upstream.md UP-CACHE-8) with a real `redis-server`,
 * a local upstream and two gateway instances sharing the Redis: an entry filled through one instance
 * is hit through the other, an unsafe method through one invalidates it for both, entries expire, and
 * a Redis that is down bypasses the cache without failing a request. Skipped (one line) when
 * `redis-server` is not installed.
 */
import { rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, writeProject } from '../helpers/gateway-process.js'
import { type HttpResponse, send } from '../helpers/http.js'
import { type RedisFleet, startRedisFleet } from '../helpers/redis-fleet.js'
import { REDIS_SERVER, type RunningRedis } from '../helpers/redis-server.js'

const DEFINITION = `swagger: "2.0"
paths:
  /users:
    get:
      x-svc-flow: flows/users.xml
    post:
      x-svc-flow: flows/add-user.xml
  /rates:
    get:
      x-svc-flow: flows/rates.xml
  /large:
    get:
      x-svc-flow: flows/large.xml
`
const LARGE = `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/large') }}, "options": { "force-cache-ttl": 60 } }</request>
</flow>
`
const USERS = `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/users') }}, "options": { "use-http-cache": true } }</request>
</flow>
`
const ADD_USER = `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/users') }}, "method": "POST", "options": { "use-http-cache": true } }</request>
</flow>
`
const RATES = `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/rates') }}, "options": { "force-cache-ttl": 2 } }</request>
</flow>
`

/** A local upstream that counts its requests per method and path and answers with the count. */
async function startUpstream(): Promise<{ server: Server; origin: string; count: (key: string) => number }> {
  const counts = new Map<string, number>()
  const server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`
    const n = (counts.get(key) ?? 0) + 1
    counts.set(key, n)
    req.resume()
    req.on('end', () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (req.method === 'GET' && req.url === '/users') headers['Cache-Control'] = 'max-age=60'
      res.writeHead(req.method === 'POST' ? 201 : 200, headers)
      // /large: a body over the 1 MiB that an entry on Redis may hold
      const padding = req.url === '/large' ? 'x'.repeat(1024 * 1024) : ''
      res.end(JSON.stringify({ path: req.url, answer: n, padding }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, origin: `http://127.0.0.1:${port}`, count: (key) => counts.get(key) ?? 0 }
}

describe.skipIf(REDIS_SERVER === null)(
  `the upstream cache on Redis${REDIS_SERVER === null ? ' (skipped: redis-server is not on the PATH)' : ''}`,
  () => {
    let root: string
    let fleet: RedisFleet
    let redis: RunningRedis
    let upstream: Awaited<ReturnType<typeof startUpstream>>
    let first: RunningGateway
    let second: RunningGateway

    beforeAll(async () => {
      root = writeProject({
        'definition.yaml': DEFINITION,
        'flows/users.xml': USERS,
        'flows/add-user.xml': ADD_USER,
        'flows/rates.xml': RATES,
        'flows/large.xml': LARGE,
      })
      upstream = await startUpstream()
      await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
      // a timeout that a busy test machine cannot trip: a slow call would bypass the cache (RL8)
      fleet = await startRedisFleet(join(root, 'out'), {
        SVC_REDIS_PREFIX: 'cache-test:',
        SVC_REDIS_TIMEOUT: '1000',
        UPSTREAM: upstream.origin,
      })
      ;({ redis, first, second } = fleet)
    }, 60_000)

    afterAll(async () => {
      await fleet?.stop()
      await new Promise((resolve) => upstream?.server.close(resolve))
      rmSync(root, { recursive: true, force: true })
    })

    const get = (gateway: RunningGateway, path: string): Promise<HttpResponse> => send(gateway.url, { path })
    const answerOf = (response: HttpResponse): number => (JSON.parse(response.body) as { answer: number }).answer
    const cacheHits = (gateway: RunningGateway): number =>
      gateway.logLines.filter((line) => line.includes('"type":"svc_request"') && line.includes('"cacheHit":true'))
        .length

    it('UP-CACHE-8: a response cached through one instance is a hit through the other', async () => {
      const filled = await get(first, '/users')
      expect(filled.status).toBe(200)
      expect(answerOf(filled)).toBe(1)
      const hit = await get(second, '/users')
      expect(hit.status).toBe(200)
      expect(answerOf(hit)).toBe(1)
      expect(upstream.count('GET /users')).toBe(1)
      await second.waitForLog((line) => line.type === 'svc_request' && line.cacheHit === true)
      // one entry, under the prefix, with an expiry no longer than its freshness
      const keys = (await redis.command('KEYS', 'cache-test:cache:*'))
        .split(/\r?\n/)
        .filter((k) => k.includes('cache:'))
      expect(keys).toHaveLength(1)
      const ttl = Number(/:(\d+)/.exec(await redis.command('PTTL', keys[0]!))![1])
      expect(ttl).toBeGreaterThan(50_000)
      expect(ttl).toBeLessThanOrEqual(60_000)
    })

    it('UP-CACHE-2 UP-CACHE-8: a POST through one instance invalidates the entry for the other', async () => {
      await get(first, '/users')
      const before = upstream.count('GET /users')
      const added = await send(second.url, { method: 'POST', path: '/users' })
      expect(added.status).toBe(200)
      expect(upstream.count('POST /users')).toBe(1)
      const after = await get(first, '/users')
      expect(upstream.count('GET /users')).toBe(before + 1)
      expect(answerOf(after)).toBe(before + 1)
    })

    it('UP-CACHE-3 UP-CACHE-8: force-cache-ttl entries are shared and expire with their lifetime', async () => {
      const one = await get(first, '/rates')
      const two = await get(second, '/rates')
      expect(answerOf(two)).toBe(answerOf(one))
      expect(upstream.count('GET /rates')).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const three = await get(second, '/rates')
      expect(answerOf(three)).toBe(2)
      expect(cacheHits(second)).toBeGreaterThanOrEqual(2)
    })

    it('UP-CACHE-8: an entry over 1 MiB is not stored on Redis; each instance asks the upstream', async () => {
      expect((await get(first, '/large')).status).toBe(200)
      expect((await get(second, '/large')).status).toBe(200)
      expect(upstream.count('GET /large')).toBe(2)
    })

    it('RL8 UP-CACHE-8: with Redis down the cache is bypassed and every request still succeeds', async () => {
      await redis.kill()
      try {
        const before = upstream.count('GET /users')
        const started = performance.now()
        const statuses: number[] = []
        for (let i = 0; i < 5; i++) statuses.push((await get(first, '/users')).status)
        expect(statuses).toEqual([200, 200, 200, 200, 200])
        expect(upstream.count('GET /users')).toBe(before + 5)
        // the first request may wait for the timeout (1 s here); the others do not
        expect(performance.now() - started).toBeLessThan(3000)
        await first.waitForLog((line) => line.type === 'svc_alert' && line.topic === 'redis')
      } finally {
        await redis.restart()
      }
    })
  },
)
