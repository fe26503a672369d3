/**
 * Rate limits on Redis (docs/spec/rate-limits.md RL7, RL8) with a real `redis-server` and two gateway
 * instances sharing it: a limit holds for both, its keys carry the prefix and an expiry, and a Redis
 * that dies and comes back neither fails requests nor makes them wait, with one alert per outage and
 * per recovery. Skipped (one line) when `redis-server` is not installed.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, writeProject } from '../helpers/gateway-process.js'
import { expectedAdmitted, hammer } from '../helpers/hammer.js'
import { type HttpResponse, send } from '../helpers/http.js'
import { type RedisFleet, startRedisFleet } from '../helpers/redis-fleet.js'
import {
  REDIS_CLI,
  REDIS_SERVER,
  type RunningRedis,
  type RunningRedisCluster,
  startRedisCluster,
  untilConnected,
} from '../helpers/redis-server.js'

const DEFINITION = `swagger: "2.0"
x-svc-flow: flows/say.xml
paths:
  /shared:
    get:
      x-svc-rate-limit: { limit: 5, window: 600, key: "header:x-client", name: fleet }
  /accuracy:
    get:
      x-svc-rate-limit: { limit: 20, window: 1, key: "header:x-client" }
`
const FLOW = `<flow>
  <eval out="$line">concat('ok ', $request/path)</eval>
  <dump in="$line" mime="text/plain"/>
</flow>
`

describe.skipIf(REDIS_SERVER === null)(
  `rate limits on Redis${REDIS_SERVER === null ? ' (skipped: redis-server is not on the PATH)' : ''}`,
  () => {
    let root: string
    let fleet: RedisFleet
    let redis: RunningRedis
    let first: RunningGateway
    let second: RunningGateway

    beforeAll(async () => {
      root = writeProject({ 'definition.yaml': DEFINITION, 'flows/say.xml': FLOW })
      await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
      fleet = await startRedisFleet(join(root, 'out'), {
        SVC_REDIS_PREFIX: 'test:',
        SVC_REDIS_TIMEOUT: '200',
        SVC_STATUS_AUTH: 'ops:pw',
      })
      ;({ redis, first, second } = fleet)
    }, 60_000)

    afterAll(async () => {
      await fleet?.stop()
      rmSync(root, { recursive: true, force: true })
    })

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

    it('RL5 RL7: two instances x two workers, 50 clients asking for 3 s: the limit holds within 5 %', async () => {
      const env = { SVC_REDIS_URL: redis.url, SVC_REDIS_PREFIX: 'accuracy:', SVC_WORKERS: '2' }
      const instances = [await startBundle(join(root, 'out'), env), await startBundle(join(root, 'out'), env)]
      try {
        await untilConnected(redis, 2 + 4)
        const result = await hammer(
          instances.map((g) => g.url),
          '/accuracy',
          { 'x-client': 'accuracy' },
          3,
          50,
        )
        expect(result.other).toBe(0)
        const expected = expectedAdmitted(20, 1, result.elapsedMs)
        // what a failure needs to be understood: the counts, and whether Redis went unanswered meanwhile
        const alerts = instances.flatMap((g) => g.logLines.filter((line) => line.includes('"topic":"redis"')))
        const context = `${JSON.stringify(result)}; ${expected} expected; Redis alerts: ${alerts.join(' ') || 'none'}`
        expect(result.admitted, context).toBeGreaterThanOrEqual(expectedAdmitted(20, 1, result.elapsedMs - 200))
        expect(result.admitted, context).toBeLessThanOrEqual(Math.ceil(expected * 1.05))
        expect(result.refused).toBeGreaterThan(0)
      } finally {
        for (const gateway of instances) await gateway.stop()
      }
    }, 60_000)

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
      await untilConnected(redis, 2)
      // after the cool-down, one request probes Redis and the limit is shared again
      await new Promise((resolve) => setTimeout(resolve, 2200))
      const back: number[] = []
      for (let i = 0; i < 4; i++) back.push((await ask(first, 'bob')).status, (await ask(second, 'bob')).status)
      expect(back.filter((s) => s === 200)).toHaveLength(5)
      await first.waitForLog((line) => line.type === 'svc_alert' && line.message === 'Redis available again')
      const alerts = first.logLines.filter((line) => line.includes('"topic":"redis"'))
      expect(alerts).toHaveLength(2)
      const metrics = await send(first.url, {
        path: '/_svc/metrics',
        headers: { Authorization: `Basic ${Buffer.from('ops:pw').toString('base64')}` },
      })
      expect(Number(/svc_store_errors_total\{store="redis"\} (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(1)
    }, 30_000)
  },
)

const CLUSTER_DEFINITION = `swagger: "2.0"
x-svc-flow: flows/say.xml
paths:
  /per-client:
    get:
      x-svc-rate-limit: { limit: 3, window: 600, key: "header:x-client" }
  /mixed:
    get:
      x-svc-rate-limit:
        - { limit: 2, window: 600, key: "header:x-client", name: per-client }
        - { limit: 100, window: 600, key: client-ip, name: per-address }
`

describe.skipIf(REDIS_SERVER === null || REDIS_CLI === null)(
  'rate limits on a Redis Cluster (skipped: redis-server or redis-cli is not on the PATH)',
  () => {
    let root: string
    let cluster: RunningRedisCluster
    const gateways: RunningGateway[] = []

    beforeAll(async () => {
      root = writeProject({ 'definition.yaml': CLUSTER_DEFINITION, 'flows/say.xml': FLOW })
      cluster = await startRedisCluster()
      await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
      const env = { SVC_REDIS_CLUSTER_NODES: cluster.nodes, SVC_REDIS_TIMEOUT: '500' }
      gateways.push(await startBundle(join(root, 'out'), env), await startBundle(join(root, 'out'), env))
      // the first requests may be decided locally while the clients discover the cluster
      for (let i = 0; i < 100; i++) {
        const keys = await Promise.all(cluster.ports.map((port) => cluster.command(port, 'DBSIZE')))
        await send(gateways[0]!.url, { path: '/per-client', headers: { 'x-client': 'probe' } })
        await send(gateways[1]!.url, { path: '/per-client', headers: { 'x-client': 'probe' } })
        if (keys.some((reply) => reply !== ':0\r\n')) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }, 60_000)

    afterAll(async () => {
      for (const gateway of gateways) await gateway.stop()
      await cluster?.stop()
      rmSync(root, { recursive: true, force: true })
    })

    /** The keys on every node, by port. */
    async function keysByNode(pattern: string): Promise<Map<number, string[]>> {
      const byNode = new Map<number, string[]>()
      for (const port of cluster.ports) {
        const reply = await cluster.command(port, 'KEYS', pattern)
        byNode.set(
          port,
          reply.split('\r\n').filter((line) => line.startsWith('svc:')),
        )
      }
      return byNode
    }

    it('RL7: one limit for both instances; keys of different clients spread over the nodes', async () => {
      for (let client = 0; client < 12; client++) {
        const statuses: number[] = []
        for (let i = 0; i < 3; i++) {
          for (const gateway of gateways) {
            statuses.push(
              (await send(gateway.url, { path: '/per-client', headers: { 'x-client': `c${client}` } })).status,
            )
          }
        }
        expect(statuses.filter((s) => s === 200)).toHaveLength(3)
      }
      const byNode = await keysByNode('svc:{c*')
      const nodesWithKeys = [...byNode.values()].filter((keys) => keys.length > 0)
      expect(nodesWithKeys.length).toBeGreaterThan(1)
    })

    it('RL7: the policies of a mixed limit are checked in one slot, and both hold', async () => {
      const statuses: number[] = []
      for (const gateway of gateways) {
        for (let i = 0; i < 2; i++) {
          statuses.push((await send(gateway.url, { path: '/mixed', headers: { 'x-client': 'mixed' } })).status)
        }
      }
      expect(statuses).toEqual([200, 200, 429, 429])
      // the limit's tag is its first policy (its position), so both policies' keys are on one node
      const byNode = await keysByNode('svc:{definition.yaml*')
      const holders = [...byNode.values()].filter((keys) => keys.length > 0)
      expect(holders).toHaveLength(1)
      expect(holders[0]).toHaveLength(2)
    })
  },
)
