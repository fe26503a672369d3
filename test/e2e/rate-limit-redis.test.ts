/**
 * Rate limits on Redis (docs/spec/rate-limits.md RL7, RL8) with a real `redis-server` and two gateway
 * instances sharing it: a limit holds for both, its keys carry the prefix and an expiry, and a Redis
 * that dies and comes back neither fails requests nor makes them wait, with one alert per outage and
 * per recovery. Skipped (one line) when `redis-server` is not installed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, temporaryDir } from '../helpers/gateway-process.js'
import { type HttpResponse, send } from '../helpers/http.js'
import { REDIS_SERVER, type RunningRedis, startRedis } from '../helpers/redis-server.js'

const DEFINITION = `swagger: "2.0"
x-svc-flow: flows/say.xml
paths:
  /shared:
    get:
      x-svc-rate-limit: { limit: 5, window: 600, key: "header:x-client", name: fleet }
`
const FLOW = `<flow>
  <eval out="$line">concat('ok ', $request/path)</eval>
  <dump in="$line" mime="text/plain"/>
</flow>
`

describe.skipIf(REDIS_SERVER === null)('rate limits on Redis (skipped: redis-server is not on the PATH)', () => {
  let root: string
  let redis: RunningRedis
  let first: RunningGateway
  let second: RunningGateway

  beforeAll(async () => {
    root = temporaryDir('svc-redis-project-')
    for (const [path, text] of Object.entries({ 'definition.yaml': DEFINITION, 'flows/say.xml': FLOW })) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    redis = await startRedis()
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
    const env = { SVC_REDIS_URL: redis.url, SVC_REDIS_PREFIX: 'test:', SVC_REDIS_TIMEOUT: '200' }
    first = await startBundle(join(root, 'out'), env)
    second = await startBundle(join(root, 'out'), env)
    await untilConnected(2)
  }, 60_000)

  afterAll(async () => {
    await first?.stop()
    await second?.stop()
    await redis?.stop()
    rmSync(root, { recursive: true, force: true })
  })

  /** Waits until `count` clients are connected to Redis. */
  async function untilConnected(count: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const list = await redis.command('CLIENT', 'LIST').catch(() => '')
      if ((list.match(/ addr=/g) ?? []).length >= count + 1) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`fewer than ${count} gateways connected to Redis`)
  }

  const ask = (gateway: RunningGateway, client: string): Promise<HttpResponse> =>
    send(gateway.url, { path: '/shared', headers: { 'x-client': client } })

  it('RL7: one limit for both instances; the key has the prefix, a hash tag and an expiry', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      statuses.push((await ask(first, 'alice')).status, (await ask(second, 'alice')).status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
    const keys = await redis.command('KEYS', 'test:*')
    expect(keys).toContain('test:{alice}definition.yaml:')
    const key = /test:\{alice\}[^\r]*/.exec(keys)![0]
    const ttl = Number(/:(\d+)/.exec(await redis.command('PTTL', key))![1])
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(600_000 + 1000)
  })

  it('RL8: Redis killed: requests keep being answered at once from local memory; one alert each way', async () => {
    await redis.kill()
    const started = performance.now()
    const during: number[] = []
    for (let i = 0; i < 10; i++) during.push((await ask(first, `outage-${i}`)).status)
    expect(during.every((s) => s === 200)).toBe(true)
    // the first request may wait for the timeout (200 ms); the others must not
    expect(performance.now() - started).toBeLessThan(2000)
    await first.waitForLog((line) => line.type === 'svc_alert' && line.topic === 'redis')
    await redis.restart()
    await untilConnected(2)
    // after the cool-down, one request probes Redis and the limit is shared again
    await new Promise((resolve) => setTimeout(resolve, 2200))
    const back: number[] = []
    for (let i = 0; i < 4; i++) back.push((await ask(first, 'bob')).status, (await ask(second, 'bob')).status)
    expect(back.filter((s) => s === 200)).toHaveLength(5)
    await first.waitForLog((line) => line.type === 'svc_alert' && line.message === 'Redis available again')
    const alerts = first.logLines.filter((line) => line.includes('"topic":"redis"'))
    expect(alerts).toHaveLength(2)
  }, 30_000)
})
