/**
 * The reserved endpoints of stage PL2 (operations.md HL1-HL4, LG10, CL10) through an in-process
 * gateway: health (200, 503 during shutdown, not access-logged, disabled by SVC_HEALTH_PATH=""),
 * 405 for other methods, status and metrics behind SVC_STATUS_AUTH (401 with the realm and 3206),
 * the status document and the Prometheus text, and precedence over definition paths.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { unfinishedRequest } from '../../../helpers/raw-http.js'
import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from '../server/helpers.js'
import { parsePrometheusText } from './prometheus-parse.js'

const ROUTES = [
  route(
    '/_svc/status',
    null,
    flow('flows/shadowed.xml', (ctx) => void (ctx.contents.main = ['from the definition'])),
  ),
  route(
    '/items/{id}',
    null,
    flow('flows/item.xml', (ctx) => {
      ctx.response.status = ctx.request!.params[0]![1] === 'missing' ? 404 : 200
      ctx.contents.main = ['item']
    }),
  ),
]

let gw: TestGateway | undefined
afterEach(async () => {
  await gw?.close()
  gw = undefined
})

async function start(env: Record<string, string> = {}): Promise<TestGateway> {
  gw = await startTestGateway(makeApp({ routes: ROUTES }), env)
  return gw
}

const basic = (credentials: string): [string, string] => [
  'Authorization',
  `Basic ${Buffer.from(credentials).toString('base64')}`,
]

describe('HL2 health', () => {
  it('answers 200 {"status":"ok"} as JSON with Cache-Control: no-store, and is not access-logged (LG10)', async () => {
    const g = await start()
    const reply = await ask(g.port, { path: '/_svc/health', headers: [['User-Agent', 'probe']] })
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('{"status":"ok"}')
    expect(reply.headers['content-type']).toBe('application/json')
    expect(reply.headers['cache-control']).toBe('no-store')
    await ask(g.port, { path: '/items/1', headers: [['User-Agent', 'after']] })
    await g.waitForLog('svc_access', (l) => l['agent'] === 'after')
    expect(g.logs('svc_access').map((l) => l['path'])).toEqual(['/items/1'])
  })

  it('HEAD is answered without a body; other methods get 405 with Allow: GET, HEAD (HL1)', async () => {
    const g = await start()
    const head = await ask(g.port, { method: 'HEAD', path: '/_svc/health' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    const post = await ask(g.port, { method: 'POST', path: '/_svc/health' })
    expect(post.status).toBe(405)
    expect(post.headers['allow']).toBe('GET, HEAD')
    expect(post.json()).toMatchObject({ error: { code: 3210 } })
  })

  it('SVC_HEALTH_PATH moves it; the empty string disables it and the path is routed normally', async () => {
    const moved = await start({ SVC_HEALTH_PATH: '/healthz' })
    expect((await ask(moved.port, { path: '/healthz' })).text).toBe('{"status":"ok"}')
    expect((await ask(moved.port, { path: '/_svc/health' })).status).toBe(404)
    await moved.close()
    const off = await start({ SVC_HEALTH_PATH: '' })
    expect((await ask(off.port, { path: '/_svc/health' })).status).toBe(404)
  })

  it('CL10: answers 503 {"status":"stopping"} during shutdown', async () => {
    const g = await start()
    // A connection that is still sending its request is not idle, so shutdown lets it finish.
    const request = await unfinishedRequest(g.port, 'GET /_svc/health HTTP/1.1\r\nHost: h\r\n')
    const closing = g.close()
    await g.waitForLog('svc_system', (l) => l['message'] === 'stopping')
    request.finish()
    const text = await request.answer
    expect(text).toMatch(/^HTTP\/1.1 503 Service Unavailable\r\n/)
    expect(text).toMatch(/\r\nConnection: close\r\n/)
    expect(text.endsWith('{"status":"stopping"}')).toBe(true)
    await closing
    gw = undefined
  })
})

describe('HL3 protection of status and metrics', () => {
  it('without SVC_STATUS_AUTH the paths are routed normally', async () => {
    const g = await start()
    expect((await ask(g.port, { path: '/_svc/status' })).text).toBe('from the definition')
    expect((await ask(g.port, { path: '/_svc/metrics' })).status).toBe(404)
  })

  it('wrong or missing credentials get 401 with the realm and the 3206 document', async () => {
    const g = await start({ SVC_STATUS_AUTH: 'ops:pa:ss' })
    for (const headers of [
      [],
      [basic('ops:wrong')],
      [basic('ops:pa')],
      [['Authorization', 'Bearer x'] as [string, string]],
    ]) {
      const reply = await ask(g.port, { path: '/_svc/metrics', headers })
      expect(reply.status).toBe(401)
      expect(reply.headers['www-authenticate']).toBe('Basic realm="svc-gateway status"')
      expect(reply.json()).toMatchObject({ error: { code: 3206, status: 401 } })
    }
    expect((await ask(g.port, { path: '/_svc/metrics', headers: [basic('ops:pa:ss')] })).status).toBe(200)
  })
})

describe('HL4 status and metrics', () => {
  it('the status document has the fields of HL4 and takes precedence over the definition path', async () => {
    const g = await start({ SVC_STATUS_AUTH: 'ops:pw', SVC_SERVER_ROLE: 'staging' })
    await ask(g.port, { path: '/items/1' })
    const reply = await ask(g.port, { path: '/_svc/status', headers: [basic('ops:pw')] })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('application/json')
    const status = reply.json()
    expect(Object.keys(status)).toEqual([
      'status',
      'name',
      'version',
      'revision',
      'role',
      'uptime',
      'requests',
      'upstream',
      'memory',
    ])
    expect(status).toMatchObject({
      status: 'ok',
      name: 'svc-gateway',
      version: '1.2.3',
      revision: 'abc123def456',
      role: 'staging',
      requests: { total: 1, inFlight: 1 },
      upstream: { total: 0, failed: 0 },
    })
    expect(status.uptime).toBeGreaterThanOrEqual(0)
    expect(status.memory.rss).toBeGreaterThan(0)
    expect(status.memory.heapUsed).toBeGreaterThan(0)
  })

  it('the metrics are parsable Prometheus text with the HL4 series and per-route histograms', async () => {
    const g = await start({ SVC_STATUS_AUTH: 'ops:pw' })
    await ask(g.port, { path: '/items/1' })
    await ask(g.port, { path: '/items/2' })
    await ask(g.port, { path: '/items/missing' })
    await ask(g.port, { path: '/nowhere' })
    await g.waitForLog('svc_access', (l) => l['path'] === '/nowhere')
    const reply = await ask(g.port, { path: '/_svc/metrics', headers: [basic('ops:pw')] })
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    const metrics = parsePrometheusText(reply.text)
    expect(metrics.types).toMatchObject({
      svc_requests_total: 'counter',
      svc_request_duration_seconds: 'histogram',
      svc_requests_in_flight: 'gauge',
      svc_upstream_requests_total: 'counter',
      svc_errors_total: 'counter',
      svc_uptime_seconds: 'gauge',
    })
    expect(metrics.value('svc_requests_total', { status: '200' })).toBe(2)
    expect(metrics.value('svc_requests_total', { status: '404' })).toBe(2)
    expect(metrics.value('svc_request_duration_seconds_count', {})).toBe(4)
    expect(metrics.value('svc_request_duration_seconds_bucket', { le: '+Inf' })).toBe(4)
    expect(metrics.value('svc_route_request_duration_seconds_count', { route: '/items/{id}', status: '200' })).toBe(2)
    expect(metrics.value('svc_route_request_duration_seconds_count', { route: '/items/{id}', status: '404' })).toBe(1)
    expect(metrics.value('svc_route_request_duration_seconds_count', { route: '', status: '404' })).toBe(1)
    expect(metrics.value('svc_errors_total', { code: '3208' })).toBe(1)
    expect(metrics.value('svc_requests_in_flight', {})).toBe(1)
    const buckets = metrics.samples
      .filter((s) => s.name === 'svc_request_duration_seconds_bucket')
      .map((s) => s.labels['le'])
    expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'])
    expect(metrics.value('svc_uptime_seconds', {})).toBeGreaterThanOrEqual(0)
  })
})
