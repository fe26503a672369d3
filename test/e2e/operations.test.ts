/**
 * Operations features of a compiled bundle in a real process (operations.md LG1-LG10, HL1-HL4,
 * MK4, CL10, DB6): the shape of every line type the gateway writes, `flow` = `mock` in the access
 * log, health not access-logged, 503 health during shutdown, metrics of the bundle, and the debug
 * `log` sink; plus SVC_WORKERS (issue 7): the cluster keeps answering when a worker dies and replaces it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  compileOrThrow,
  type RunningGateway,
  startBundle,
  startProject,
  temporaryDir,
} from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'
import { unfinishedRequest } from '../helpers/raw-http.js'
import { parsePrometheusText } from '../unit/runtime/health/prometheus-parse.js'

const FIXTURES = new URL('../fixtures/e2e/', import.meta.url).pathname
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/
const AUTH = { Authorization: `Basic ${Buffer.from('ops:pw').toString('base64')}` }

/** Fixture 70 compiled once for the shutdown and worker tests (compiling is the slow part). */
let debugBundle = ''
beforeAll(async () => {
  debugBundle = temporaryDir()
  await compileOrThrow(join(FIXTURES, '70-debug-header/definition.yaml'), debugBundle)
})
afterAll(() => rmSync(debugBundle, { recursive: true, force: true }))

const parsed = (gateway: RunningGateway) => gateway.logLines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe('LG/HL/MK of a compiled bundle', () => {
  let gateway: RunningGateway
  beforeAll(async () => {
    gateway = await startProject(join(FIXTURES, '71-mocking/definition.yaml'), {
      SVC_ALLOW_MOCKING: 'true',
      SVC_STATUS_AUTH: 'ops:pw',
      SVC_DEBUG: 'mock:info',
      SVC_SERVER_ROLE: 'prod',
    })
  })
  afterAll(() => gateway?.stop())

  it('LG1/LG8/LG9: every line is compact JSON with timestamp and type first; listening has its fields', () => {
    const listening = parsed(gateway).find((l) => l['message'] === 'listening')!
    expect(Object.keys(listening)).toEqual([
      'timestamp',
      'type',
      'level',
      'message',
      'host',
      'port',
      'version',
      'revision',
      'role',
    ])
    expect(listening).toMatchObject({
      type: 'svc_system',
      level: 'info',
      host: '127.0.0.1',
      port: gateway.port,
      role: 'prod',
    })
    for (const line of parsed(gateway)) {
      expect(Object.keys(line).slice(0, 2)).toEqual(['timestamp', 'type'])
      expect(line['timestamp']).toMatch(TIMESTAMP)
    }
  })

  it('LG3/MK4: a mocked response is access-logged with flow "mock"; LG10: health is not logged', async () => {
    await send(gateway.url, { path: '/_svc/health', headers: { 'User-Agent': 'health probe' } })
    await send(gateway.url, {
      path: '/shop/items/A-1',
      headers: { Mock: 'true', 'User-Agent': 'mock client', Referer: 'http://r.test/' },
    })
    const line = await gateway.waitForLog((l) => l['type'] === 'svc_access' && l['agent'] === 'mock client')
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
      status: 200,
      flow: 'mock',
      mime: 'application/json',
      bytes: 28,
      referrer: 'http://r.test/',
      path: '/shop/items/A-1',
    })
    expect(line['requestID']).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(parsed(gateway).some((l) => l['type'] === 'svc_access' && l['agent'] === 'health probe')).toBe(false)
  })

  it('LG6: an alert line has the fields of the table; DB6/LG7: debug lines go to the log sink', async () => {
    await send(gateway.url, { path: '/_svc/status', headers: { 'User-Agent': 'no credentials' } })
    const access = await gateway.waitForLog((l) => l['type'] === 'svc_access' && l['agent'] === 'no credentials')
    const alert = await gateway.waitForLog((l) => l['type'] === 'svc_alert' && l['requestID'] === access['requestID'])
    expect(Object.keys(alert)).toEqual([
      'timestamp',
      'type',
      'requestID',
      'topic',
      'message',
      'code',
      'status',
      'info',
      'raised',
    ])
    expect(alert).toMatchObject({ topic: 'security', code: 3206, status: 401, raised: true })
    expect(access).toMatchObject({ status: 401, errorCode: 3206 })

    await send(gateway.url, {
      path: '/shop/items/A-1',
      headers: { Mock: 'true', Accept: 'image/png', 'User-Agent': 'picky' },
    })
    const picky = await gateway.waitForLog((l) => l['type'] === 'svc_access' && l['agent'] === 'picky')
    const debug = await gateway.waitForLog((l) => l['type'] === 'svc_debug' && l['requestID'] === picky['requestID'])
    expect(Object.keys(debug)).toEqual(['timestamp', 'type', 'requestID', 'topic', 'level', 'message'])
    expect(debug).toMatchObject({
      topic: 'mock',
      level: 'info',
      message: expect.stringMatching(/no example .* is acceptable .*processed normally/),
    })
    expect(picky['flow']).toBe('flows/item.xml')
  })

  it('HL4: the bundle serves parsable metrics and the status document', async () => {
    await send(gateway.url, { path: '/shop/nowhere', headers: { 'User-Agent': 'lost' } })
    await gateway.waitForLog((l) => l['type'] === 'svc_access' && l['agent'] === 'lost')
    const metrics = parsePrometheusText((await send(gateway.url, { path: '/_svc/metrics', headers: AUTH })).body)
    expect(
      metrics.value('svc_route_request_duration_seconds_count', { route: '/items/{sku}', status: '200' }),
    ).toBeGreaterThanOrEqual(2)
    // the reserved endpoints themselves are not counted (their 3206 above included)
    expect(metrics.value('svc_errors_total', { code: '3208' })).toBe(1)
    expect(metrics.samples.some((s) => s.name === 'svc_errors_total' && s.labels['code'] === '3206')).toBe(false)
    const status = JSON.parse((await send(gateway.url, { path: '/_svc/status', headers: AUTH })).body)
    expect(status).toMatchObject({
      status: 'ok',
      name: 'svc-gateway',
      role: 'prod',
      revision: expect.stringMatching(/^[0-9a-f]{12}$/),
    })
  })
})

describe('CL10 shutdown of a compiled bundle', () => {
  it('health answers 503 while stopping; stopping and stopped bracket the shutdown; exit status 0', async () => {
    const gateway = await startBundle(debugBundle)
    const request = await unfinishedRequest(gateway.port, 'GET /_svc/health HTTP/1.1\r\nHost: h\r\n')
    const stopped = gateway.stop()
    await gateway.waitForLog((l) => l['message'] === 'stopping')
    request.finish()
    expect(await request.answer).toMatch(/^HTTP\/1.1 503 [^]*\r\n\r\n\{"status":"stopping"\}$/)
    await stopped
    const system = gateway.logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'svc_system')
      .map((l) => l.message)
    expect(system).toEqual(['listening', 'stopping', 'stopped'])
  })
})

/** Child process ids of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
}

describe.skipIf(!existsSync(`/proc/${process.pid}/task/${process.pid}/children`))(
  'SVC_WORKERS (skipped without Linux /proc child lists)',
  () => {
    it('forks the workers, keeps answering when one dies, restarts it, and stops all on SIGTERM', async () => {
      const gateway = await startBundle(debugBundle, { SVC_WORKERS: '2' })
      try {
        const primary = await gateway.waitForLog((l) => l['message'] === 'listening' && l['workers'] === 2)
        expect(primary['port']).toBe(gateway.port)
        const workers = childrenOf(gateway.pid)
        expect(workers).toHaveLength(2)
        process.kill(workers[0]!, 'SIGKILL')
        // the other worker keeps answering while the dead one is replaced
        expect((await send(gateway.url, { path: '/d/price' })).body).toBe('48 debug=')
        const exited = await gateway.waitForLog((l) => l['message'] === 'worker exited')
        expect(exited).toMatchObject({ type: 'svc_system', level: 'error', pid: workers[0], signal: 'SIGKILL' })
        const restarted = await gateway.waitForLog((l) => l['message'] === 'worker restarted')
        const replacement = childrenOf(gateway.pid)
        expect(replacement).toHaveLength(2)
        expect(replacement).toContain(restarted['pid'])
        expect(replacement).not.toContain(workers[0])
        for (let i = 0; i < 6; i++) expect((await send(gateway.url, { path: '/d/price' })).status).toBe(200)
      } finally {
        await gateway.stop()
      }
      expect(gateway.logLines.some((l) => l.includes('"message":"stopped"'))).toBe(true)
    })

    it('CL13: early exits in a row wait longer each time; a worker that lived 10 s ends the run and is replaced at once', async () => {
      const gateway = await startBundle(debugBundle, { SVC_WORKERS: '2' })
      try {
        await gateway.waitForLog((l) => l['message'] === 'listening' && l['workers'] === 2)
        /** The `n`th log line with this message (1 for the first), once written. */
        const nth = (message: string, n: number) => {
          let seen = 0
          return gateway.waitForLog((l) => l['message'] === message && ++seen === n)
        }
        let kills = 0
        /** Kills `pid`; the delay the primary announced for its replacement, and the replacement once it listens. */
        const killAndReplace = async (pid: number): Promise<{ delayMs: unknown; replacement: number }> => {
          kills++
          process.kill(pid, 'SIGKILL')
          const restart = await nth('worker restart', kills)
          const restarted = await nth('worker restarted', kills)
          return { delayMs: restart['delayMs'], replacement: restarted['pid'] as number }
        }
        // two early exits in a row: 100 ms, then 200 ms
        const [young] = childrenOf(gateway.pid)
        const first = await killAndReplace(young!)
        expect(first.delayMs).toBe(100)
        const second = await killAndReplace(first.replacement)
        expect(second.delayMs).toBe(200)
        // the workers count as stable once they lived 10 s (supervise-workers.ts): the run ends
        await new Promise((resolve) => setTimeout(resolve, 10_500))
        const stable = await killAndReplace(second.replacement)
        expect(stable.delayMs).toBe(0)
        // and a new run starts again from 100 ms
        const again = await killAndReplace(stable.replacement)
        expect(again.delayMs).toBe(100)
      } finally {
        await gateway.stop()
      }
    }, 30_000)

    it('CF3: an invalid SVC_WORKERS refuses the start', async () => {
      await expect(startBundle(debugBundle, { SVC_WORKERS: 'many' })).rejects.toThrow(/invalid value for SVC_WORKERS/)
    })
  },
)
