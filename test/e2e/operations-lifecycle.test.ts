/**
 * Operations of a running gateway (issue 27 part 5, docs/spec/operations.md HL5, HL6, CL13):
 * readiness apart from liveness, the admin port that alone answers the reserved endpoints, and the
 * primary that restarts dying workers with a growing delay and gives up when they keep dying at start.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  compileOrThrow,
  type RunningGateway,
  startBundle,
  temporaryDir,
  writeProject,
} from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'
import { unfinishedRequest } from '../helpers/raw-http.js'
import { REDIS_SERVER, startRedis } from '../helpers/redis-server.js'

const DEFINITION = `swagger: "2.0"
paths:
  /hello:
    get:
      x-svc-flow: flows/hello.xml
`
const HELLO = `<flow>
  <echo mime="text/plain">hello</echo>
</flow>
`

/** A port nothing listens on (bound once, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('readiness, the admin port and worker restarts', () => {
  let root: string
  let out: string

  beforeAll(async () => {
    root = writeProject({ 'definition.yaml': DEFINITION, 'flows/hello.xml': HELLO })
    out = join(root, 'out')
    await compileOrThrow(join(root, 'definition.yaml'), out)
  }, 60_000)

  afterAll(() => rmSync(root, { recursive: true, force: true }))

  async function withGateway(env: Record<string, string>, run: (gateway: RunningGateway) => Promise<void>) {
    const gateway = await startBundle(out, env)
    try {
      await run(gateway)
    } finally {
      await gateway.stop()
    }
  }

  it('HL5: ready once listening; not access-logged; HEAD answers too', async () => {
    await withGateway({}, async (gateway) => {
      const ready = await send(gateway.url, { path: '/_svc/ready' })
      expect(ready.status).toBe(200)
      expect(ready.body).toBe('{"status":"ready"}')
      expect(ready.headers['cache-control']).toBe('no-store')
      expect((await send(gateway.url, { path: '/_svc/ready', method: 'HEAD' })).status).toBe(200)
      const hello = await send(gateway.url, { path: '/hello' })
      await gateway.waitForLog((line) => line.type === 'svc_access' && line.requestID === hello.headers['x-request-id'])
      expect(gateway.logLines.filter((line) => line.includes('"path":"/_svc/ready"'))).toEqual([])
    })
  })

  it('HL5: with Redis configured but not answering, live yet not ready', async () => {
    const port = await closedPort()
    await withGateway({ SVC_REDIS_URL: `redis://127.0.0.1:${port}` }, async (gateway) => {
      expect((await send(gateway.url, { path: '/_svc/health' })).status).toBe(200)
      const ready = await send(gateway.url, { path: '/_svc/ready' })
      expect(ready.status).toBe(503)
      expect(ready.body).toBe('{"status":"starting"}')
      // requests are answered all the same
      expect((await send(gateway.url, { path: '/hello' })).body).toBe('hello')
    })
  })

  it.skipIf(REDIS_SERVER === null)(
    'HL5: with a real Redis, ready once it answered, and still ready through a later outage',
    async () => {
      const redis = await startRedis()
      try {
        await withGateway({ SVC_REDIS_URL: redis.url }, async (gateway) => {
          // the connection is made at start; readiness follows its first answer
          const deadline = Date.now() + 10_000
          let ready = await send(gateway.url, { path: '/_svc/ready' })
          while (ready.status !== 200 && Date.now() < deadline) {
            expect(ready.body).toBe('{"status":"starting"}')
            await new Promise((resolve) => setTimeout(resolve, 50))
            ready = await send(gateway.url, { path: '/_svc/ready' })
          }
          expect(ready.body).toBe('{"status":"ready"}')
          await redis.kill()
          expect((await send(gateway.url, { path: '/hello' })).body).toBe('hello')
          expect((await send(gateway.url, { path: '/_svc/ready' })).status).toBe(200)
        })
      } finally {
        await redis.stop()
      }
    },
  )

  it('HL5: a stopping gateway is not ready (503 stopping) while it finishes its requests', async () => {
    const gateway = await startBundle(out)
    const request = await unfinishedRequest(gateway.port, 'GET /_svc/ready HTTP/1.1\r\nHost: h\r\n')
    const stopped = gateway.stop()
    await gateway.waitForLog((line) => line.message === 'stopping')
    request.finish()
    expect(await request.answer).toMatch(/^HTTP\/1.1 503 [^]*\r\n\r\n\{"status":"stopping"\}$/)
    await stopped
  })

  it('HL6: the admin port alone answers health, readiness and metrics (no credentials); PORT routes those paths', async () => {
    await withGateway({ SVC_ADMIN_PORT: '0' }, async (gateway) => {
      const listening = await gateway.waitForLog((line) => line.message === 'listening')
      const adminPort = listening.adminPort as number
      expect(adminPort).toBeGreaterThan(0)
      expect(adminPort).not.toBe(gateway.port)
      const admin = `http://127.0.0.1:${adminPort}`
      expect((await send(admin, { path: '/_svc/health' })).body).toBe('{"status":"ok"}')
      expect((await send(admin, { path: '/_svc/ready' })).body).toBe('{"status":"ready"}')
      expect((await send(gateway.url, { path: '/hello' })).body).toBe('hello')
      const metrics = await send(admin, { path: '/_svc/metrics' })
      expect(metrics.status).toBe(200)
      expect(metrics.body).toMatch(/^svc_requests_total\{status="200"\} 1$/m)
      expect((await send(admin, { path: '/hello' })).status).toBe(404)
      // on PORT the reserved paths are routed like any other: this definition has none of them
      expect((await send(gateway.url, { path: '/_svc/health' })).status).toBe(404)
      expect((await send(gateway.url, { path: '/_svc/metrics' })).status).toBe(404)
    })
  })

  it('HL6: with SVC_STATUS_AUTH the admin port asks for the credentials', async () => {
    await withGateway({ SVC_ADMIN_PORT: '0', SVC_STATUS_AUTH: 'ops:secret' }, async (gateway) => {
      const listening = await gateway.waitForLog((line) => line.message === 'listening')
      const admin = `http://127.0.0.1:${listening.adminPort as number}`
      expect((await send(admin, { path: '/_svc/metrics' })).status).toBe(401)
      const authorization = `Basic ${Buffer.from('ops:secret').toString('base64')}`
      expect((await send(admin, { path: '/_svc/metrics', headers: { authorization } })).status).toBe(200)
    })
  })

  it('HL7: with SVC_WORKERS=2 a scrape sums both workers; process and Node.js metrics are there', async () => {
    await withGateway({ SVC_WORKERS: '2', SVC_STATUS_AUTH: 'ops:secret' }, async (gateway) => {
      await gateway.waitForLog((line) => line.message === 'listening' && line.workers === 2)
      const authorization = `Basic ${Buffer.from('ops:secret').toString('base64')}`
      const requests = 40
      // every request on a connection of its own, so that both workers answer some
      await Promise.all(
        Array.from({ length: requests }, () => send(gateway.url, { path: '/hello', headers: { connection: 'close' } })),
      )
      for (let scrape = 0; scrape < 4; scrape++) {
        const metrics = await send(gateway.url, {
          path: '/_svc/metrics',
          headers: { authorization, connection: 'close' },
        })
        expect(metrics.status).toBe(200)
        expect(metrics.body).toMatch(new RegExp(`^svc_requests_total\\{status="200"\\} ${requests}$`, 'm'))
        expect(metrics.body).toMatch(/^svc_build_info\{version="[^"]+",revision="[0-9a-f]+"\} 1$/m)
        expect(metrics.body).toMatch(/^process_cpu_seconds_total \d/m)
        expect(metrics.body).toMatch(/^nodejs_heap_size_used_bytes \d/m)
        expect(metrics.body).toMatch(/^nodejs_eventloop_lag_seconds /m)
        const status = JSON.parse(
          (await send(gateway.url, { path: '/_svc/status', headers: { authorization, connection: 'close' } })).body,
        ) as { requests: { total: number } }
        expect(status.requests.total).toBe(requests)
      }
      const answered = new Set(
        gateway.logLines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.type === 'svc_access' && line.path === '/hello')
          .map((line) => line.requestID),
      )
      expect(answered.size).toBe(requests)
    })
  })

  it('CF3: an invalid SVC_ADMIN_PORT stops the start', async () => {
    await expect(startBundle(out, { SVC_ADMIN_PORT: 'admin' })).rejects.toThrow(/SVC_ADMIN_PORT/)
  })

  it('CL13: workers that throw at start are restarted with a growing delay, then the primary gives up with status 1', async () => {
    const dir = temporaryDir('svc-crash-')
    const crash = join(dir, 'crash-in-worker.mjs')
    // loaded by the primary and every worker (NODE_OPTIONS); throws in the workers only
    writeFileSync(crash, "import cluster from 'node:cluster'\nif (cluster.isWorker) throw new Error('worker broken')\n")
    try {
      const start = startBundle(out, { SVC_WORKERS: '2', NODE_OPTIONS: `--import=${crash}` })
      const failure = await start.then(
        () => null,
        (error: Error) => error.message,
      )
      expect(failure).toMatch(/server exited with 1/)
      const lines = failure!
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const delays = lines.filter((line) => line.message === 'worker restart').map((line) => line.delayMs)
      expect(delays).toEqual([100, 200, 400, 800])
      expect(lines.filter((line) => line.message === 'worker exited')).toHaveLength(5)
      expect(lines.at(-1)).toMatchObject({ message: 'workers keep dying', level: 'error', deaths: 5 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
