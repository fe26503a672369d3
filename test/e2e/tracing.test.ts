/**
 * Tracing with OpenTelemetry (docs/spec/operations.md TR1-TR8, issue 27 part 2), against an OTLP/HTTP
 * receiver and upstreams started here: one trace per request with the right parent/child links, each
 * upstream sees a `traceparent` whose parent is its own client span, the log lines carry the ids,
 * both encodings arrive, and a collector that is down changes nothing for clients.
 */
import { rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, writeProject } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.js'

const DEFINITION = `swagger: "2.0"
paths:
  /orders:
    get:
      x-svc-flow: flows/orders.xml
  /proxy:
    x-svc-proxy: { origin: { env: UPSTREAM_A } }
  /broken:
    get:
      x-svc-flow: flows/broken.xml
  /checked:
    get:
      x-svc-validate: true
      parameters:
        - { name: n, in: query, type: integer, required: true }
      x-svc-flow: flows/checked.xml
  /styled:
    get:
      x-svc-flow: flows/styled.xml
`
const ORDERS = `<flow>
  <sub-flow src="fetch.xml"/>
  <template in="">{ "a": {{ $upstream/a/status }}, "b": {{ $upstream/b/status }} }</template>
</flow>
`
const FETCH = `<flow>
  <requests>{
    "a": { "url": {{ concat($env/UPSTREAM_A, '/a') }}, "headers": { "TraceParent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" } },
    "b": { "url": {{ concat($env/UPSTREAM_B, '/b') }} }
  }</requests>
</flow>
`
const CHECKED = `<flow>
  <echo mime="text/plain">checked</echo>
</flow>
`
const BROKEN = `<flow>
  <error status="502">{ "message": "the order service failed", "code": 4711 }</error>
</flow>
`

const STYLED = `<flow>
  <copy in="../data/items.xml" out="$doc"/>
  <xslt src="../xsl/list.xsl" in="$doc" out="$page"/>
  <dump in="$page"/>
</flow>
`
const ITEMS = '<items><item>a</item><item>b</item></items>'
const LIST_XSL = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="/"><ul><xsl:for-each select="//item"><li><xsl:value-of select="."/></li></xsl:for-each></ul></xsl:template>
</xsl:stylesheet>
`

const SERVER = 2
const CLIENT = 3
const INTERNAL = 1
const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const INCOMING_SPAN = '00f067aa0ba902b7'

interface Seen {
  readonly path: string
  readonly headers: IncomingHttpHeaders
}

describe('tracing (TR1-TR8)', () => {
  let root: string
  let receiver: OtlpReceiver
  const upstreams: Server[] = []
  const upstreamUrls: string[] = []
  const seen: Seen[] = []

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    for (let i = 0; i < 2; i++) {
      const upstream = createServer((req, res) => {
        seen.push({ path: req.url ?? '', headers: req.headers })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{"ok":true}')
      })
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
      upstreams.push(upstream)
      upstreamUrls.push(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
    }
    root = writeProject({
      'definition.yaml': DEFINITION,
      'flows/orders.xml': ORDERS,
      'flows/fetch.xml': FETCH,
      'flows/broken.xml': BROKEN,
      'flows/checked.xml': CHECKED,
      'flows/styled.xml': STYLED,
      'data/items.xml': ITEMS,
      'xsl/list.xsl': LIST_XSL,
    })
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
  }, 60_000)

  afterAll(async () => {
    await receiver?.close()
    await Promise.all(upstreams.map((upstream) => new Promise((resolve) => upstream.close(resolve))))
    rmSync(root, { recursive: true, force: true })
  })

  async function withGateway(env: Record<string, string>, run: (gateway: RunningGateway) => Promise<void>) {
    const gateway = await startBundle(join(root, 'out'), {
      UPSTREAM_A: upstreamUrls[0]!,
      UPSTREAM_B: upstreamUrls[1]!,
      OTEL_BSP_SCHEDULE_DELAY: '50',
      ...env,
    })
    try {
      await run(gateway)
    } finally {
      await gateway.stop()
    }
  }

  /**
   * The span's times are in order and inside [from, to] (epoch ms) give or take `slack`: 1 ms against
   * another span of the gateway (rounding), more against the test's clock (the server span ends once
   * the response is written, which the client may have read before; and the gateway's clock is its
   * start time plus a monotonic clock, which may drift from the wall clock by a few milliseconds).
   */
  const expectWithin = (span: ReceivedSpan, from: number, to: number, slack = 1) => {
    expect(span.startMs).toBeLessThanOrEqual(span.endMs)
    expect(span.startMs).toBeGreaterThanOrEqual(from - slack)
    expect(span.endMs).toBeLessThanOrEqual(to + slack)
  }
  const WALL_CLOCK_SLACK = 50
  const ofTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId)
  const parentOf = (spans: readonly ReceivedSpan[], span: ReceivedSpan) =>
    spans.find((candidate) => candidate.spanId === span.parentSpanId)

  it('a request with traceparent: server span under the caller, a sub-flow span, a client span per upstream call (http/json)', async () => {
    await withGateway(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'orders-gw',
      },
      async (gateway) => {
        seen.length = 0
        const sentAt = Date.now()
        const response = await send(gateway.url, {
          path: '/orders?full=1',
          headers: { traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01`, tracestate: 'vendor=1' },
        })
        expect(response.status).toBe(200)
        expect(JSON.parse(response.body)).toEqual({ a: 200, b: 200 })
        await receiver.waitFor(() => ofTrace(INCOMING_TRACE).length >= 4)
        const spans = ofTrace(INCOMING_TRACE)
        const server = spans.find((span) => span.kind === SERVER)!
        expect(server.name).toBe('GET /orders')
        expect(server.parentSpanId).toBe(INCOMING_SPAN)
        expect(server.attributes).toMatchObject({
          'http.request.method': 'GET',
          'http.route': '/orders',
          'url.path': '/orders',
          'url.query': 'full=1',
          'url.scheme': 'http',
          'http.response.status_code': 200,
          'svc.request_id': response.headers['x-request-id'],
        })
        expect(server.resource['service.name']).toBe('orders-gw')
        expect(server.scope).toBe('svc-gateway')
        expectWithin(server, sentAt, Date.now(), WALL_CLOCK_SLACK)
        const step = spans.find((span) => span.kind === INTERNAL)!
        expect(step.name).toBe('sub-flow')
        expect(step.parentSpanId).toBe(server.spanId)
        expect(step.attributes['svc.flow.location']).toMatch(/orders\.xml:2:/)
        const clients = spans.filter((span) => span.kind === CLIENT)
        expect(clients).toHaveLength(2)
        expectWithin(step, server.startMs, server.endMs)
        for (const client of clients) {
          expectWithin(client, step.startMs, step.endMs)
          expect(client.name).toBe('GET')
          expect(parentOf(spans, client)).toBe(step)
          expect(client.attributes['http.response.status_code']).toBe(200)
          // the upstream saw this client span as its parent, not the caller's or the flow's header
          const url = client.attributes['url.full'] as string
          const call = seen.find((entry) => url.endsWith(entry.path))!
          expect(call.headers.traceparent).toBe(`00-${INCOMING_TRACE}-${client.spanId}-01`)
          expect(call.headers.tracestate).toBe('vendor=1')
        }
        // TR7: the log lines carry the ids
        const id = response.headers['x-request-id']
        const access = await gateway.waitForLog((line) => line.type === 'svc_access' && line.requestID === id)
        expect(access).toMatchObject({ traceID: INCOMING_TRACE, spanID: server.spanId })
        const requestLines = gateway.logLines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.type === 'svc_request' && line.requestID === id)
        expect(requestLines.map((line) => line.spanID).sort()).toEqual(clients.map((client) => client.spanId).sort())
        expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true)
      },
    )
  })

  it('a request without traceparent starts a trace; a proxy attempt is a client span (http/protobuf)', async () => {
    await withGateway({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` }, async (gateway) => {
      seen.length = 0
      const before = receiver.contentTypes.length
      const sentAt = Date.now()
      const response = await send(gateway.url, { path: '/proxy', headers: { traceparent: 'garbage' } })
      const answeredAt = Date.now()
      expect(response.status).toBe(200)
      const id = response.headers['x-request-id']
      const access = await gateway.waitForLog((line) => line.type === 'svc_access' && line.requestID === id)
      const traceId = access.traceID as string
      expect(traceId).toMatch(/^[0-9a-f]{32}$/)
      await receiver.waitFor(() => ofTrace(traceId).length >= 2)
      const spans = ofTrace(traceId)
      const server = spans.find((span) => span.kind === SERVER)!
      expect(server.parentSpanId).toBe('')
      expect(server.name).toBe('GET /proxy')
      const client = spans.find((span) => span.kind === CLIENT)!
      expect(client.parentSpanId).toBe(server.spanId)
      expect(client.attributes['url.full']).toBe(`${upstreamUrls[0]}/proxy`)
      expectWithin(server, sentAt, answeredAt, WALL_CLOCK_SLACK)
      expectWithin(client, server.startMs, server.endMs)
      // TR3, TR4: the spans last as long as their lines say (seconds to the microsecond)
      const line = await gateway.waitForLog((line) => line.type === 'svc_request' && line.requestID === id)
      expect(server.endMs - server.startMs).toBeCloseTo((access.realtime as number) * 1000, 2)
      expect(client.endMs - client.startMs).toBeCloseTo((line.duration as number) * 1000, 2)
      expect(server.scope).toBe('svc-gateway')
      // TR5: an operation that validates nothing has no validation spans
      expect(spans.filter((span) => span.kind === INTERNAL)).toEqual([])
      expect(seen.at(-1)!.headers.traceparent).toBe(`00-${traceId}-${client.spanId}-01`)
      expect(receiver.contentTypes.slice(before).every((type) => type === 'application/x-protobuf')).toBe(true)
    })
  })

  it('a 5xx from a raised error: the server span is an error with the error code', async () => {
    await withGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, async (gateway) => {
      const response = await send(gateway.url, { path: '/broken' })
      expect(response.status).toBe(502)
      const id = response.headers['x-request-id']
      const access = await gateway.waitForLog((line) => line.type === 'svc_access' && line.requestID === id)
      const alert = await gateway.waitForLog((line) => line.type === 'svc_alert' && line.requestID === id)
      expect(alert.traceID).toBe(access.traceID)
      await receiver.waitFor(() => ofTrace(access.traceID as string).length >= 1)
      const [server] = ofTrace(access.traceID as string)
      expect(server!.statusCode).toBe(2)
      expect(server!.attributes).toMatchObject({ 'error.type': '4711', 'svc.error.code': 4711 })
    })
  })

  it('TR2: a caller that did not sample: its trace id is kept and passed on unsampled, no span is exported', async () => {
    await withGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, async (gateway) => {
      seen.length = 0
      const unsampled = '5bf92f3577b34da6a3ce929d0e0e4737'
      const response = await send(gateway.url, {
        path: '/proxy',
        headers: { traceparent: `00-${unsampled}-${INCOMING_SPAN}-00` },
      })
      expect(response.status).toBe(200)
      const access = await gateway.waitForLog(
        (line) => line.type === 'svc_access' && line.requestID === response.headers['x-request-id'],
      )
      expect(access.traceID).toBe(unsampled)
      expect(seen.at(-1)!.headers.traceparent).toMatch(new RegExp(`^00-${unsampled}-[0-9a-f]{16}-00$`))
      // a sampled request after it: once its spans have arrived, the unsampled trace's would have too
      const sampled = await send(gateway.url, { path: '/proxy' })
      const line = await gateway.waitForLog(
        (l) => l.type === 'svc_access' && l.requestID === sampled.headers['x-request-id'],
      )
      await receiver.waitFor(() => ofTrace(line.traceID as string).length >= 2)
      expect(ofTrace(unsampled)).toEqual([])
    })
  })

  it('TR5: request and response validation run in spans of their own under the server span', async () => {
    await withGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, async (gateway) => {
      const response = await send(gateway.url, { path: '/checked?n=7' })
      expect(response.body).toBe('checked')
      const access = await gateway.waitForLog(
        (line) => line.type === 'svc_access' && line.requestID === response.headers['x-request-id'],
      )
      const traceId = access.traceID as string
      await receiver.waitFor((spans) =>
        spans.some((span) => span.traceId === traceId && span.name === 'validate request'),
      )
      const spans = ofTrace(traceId)
      const server = spans.find((span) => span.kind === SERVER)!
      expect(server.name).toBe('GET /checked')
      const validation = spans.find((span) => span.name === 'validate request')!
      expect(validation.kind).toBe(INTERNAL)
      expect(validation.parentSpanId).toBe(server.spanId)
      await receiver.waitFor((all) => all.some((span) => span.traceId === traceId && span.name === 'validate response'))
      const responseValidation = ofTrace(traceId).find((span) => span.name === 'validate response')!
      expect(responseValidation.kind).toBe(INTERNAL)
      expect(responseValidation.parentSpanId).toBe(server.spanId)
      expect(responseValidation.startMs).toBeGreaterThanOrEqual(validation.endMs)
    })
  })

  it('TR5: an xslt action runs in a span named xslt with its stylesheet and position', async () => {
    await withGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, async (gateway) => {
      const response = await send(gateway.url, { path: '/styled' })
      expect(response.status).toBe(200)
      expect(response.body).toContain('<li>b</li>')
      const access = await gateway.waitForLog(
        (line) => line.type === 'svc_access' && line.requestID === response.headers['x-request-id'],
      )
      const traceId = access.traceID as string
      await receiver.waitFor((spans) => spans.some((span) => span.traceId === traceId && span.name === 'xslt'))
      const spans = ofTrace(traceId)
      const server = spans.find((span) => span.kind === SERVER)!
      const xslt = spans.find((span) => span.name === 'xslt')!
      expect(xslt.kind).toBe(INTERNAL)
      expect(xslt.parentSpanId).toBe(server.spanId)
      expect(xslt.statusCode).toBe(0)
      expect(xslt.attributes['svc.xslt.stylesheet']).toMatch(/list\.xsl$/)
      expect(xslt.attributes['svc.flow.location']).toMatch(/styled\.xml:3:/)
      expectWithin(xslt, server.startMs, server.endMs)
    })
  })

  it.each([
    ['tracecontext,baggage', 'tenant=acme'],
    ['tracecontext', undefined],
  ])(
    "TR1: with OTEL_PROPAGATORS=%s an upstream call of a flow carries the caller's baggage: %s",
    async (propagators, expected) => {
      await withGateway(
        { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_PROPAGATORS: propagators },
        async (gateway) => {
          seen.length = 0
          const response = await send(gateway.url, { path: '/orders', headers: { baggage: 'tenant=acme' } })
          expect(response.status).toBe(200)
          // the flow's requests name their own headers; only the propagator passes baggage on
          expect(seen).toHaveLength(2)
          for (const call of seen) {
            expect(call.headers.baggage).toBe(expected)
            expect(call.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
          }
        },
      )
    },
  )

  it('a collector that is down: every request is answered at once; dropped spans are counted', async () => {
    const down = createServer()
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
    const port = (down.address() as AddressInfo).port
    await new Promise((resolve) => down.close(resolve))
    await withGateway(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_BSP_MAX_QUEUE_SIZE: '4',
        OTEL_BSP_SCHEDULE_DELAY: '60000',
        SVC_STATUS_AUTH: 'ops:secret',
        SVC_SHUTDOWN_TIMEOUT: '1',
      },
      async (gateway) => {
        for (let i = 0; i < 20; i++) {
          const started = performance.now()
          const response = await send(gateway.url, { path: '/proxy' })
          expect(response.status).toBe(200)
          expect(performance.now() - started).toBeLessThan(2000)
        }
        const metrics = await send(gateway.url, {
          path: '/_svc/metrics',
          headers: { authorization: `Basic ${Buffer.from('ops:secret').toString('base64')}` },
        })
        const dropped = Number(/^svc_trace_spans_dropped_total (\d+)$/m.exec(metrics.body)?.[1])
        // 20 requests make 40 spans; the queue holds 4 (the first batch may have left for the collector)
        expect(dropped).toBeGreaterThanOrEqual(30)
      },
    )
  })

  it('TR6, CL10: spans still queued when the gateway stops are exported before it exits', async () => {
    const gateway = await startBundle(join(root, 'out'), {
      UPSTREAM_A: upstreamUrls[0]!,
      UPSTREAM_B: upstreamUrls[1]!,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // no batch would leave on its own during the test
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    })
    let traceId = ''
    try {
      const response = await send(gateway.url, { path: '/proxy' })
      const access = await gateway.waitForLog(
        (line) => line.type === 'svc_access' && line.requestID === response.headers['x-request-id'],
      )
      traceId = access.traceID as string
      expect(ofTrace(traceId)).toEqual([])
    } finally {
      await gateway.stop()
    }
    expect(
      ofTrace(traceId)
        .map((span) => span.kind)
        .sort(),
    ).toEqual([SERVER, CLIENT].sort())
  })

  it('a collector that refuses the spans: requests are answered, the refused spans are counted as failed exports', async () => {
    let posts = 0
    const refusing = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        posts++
        // 400 is final for the OTLP exporter (no retry)
        res.writeHead(400, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    try {
      await withGateway(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`,
          OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '2',
          SVC_STATUS_AUTH: 'ops:secret',
        },
        async (gateway) => {
          for (let i = 0; i < 3; i++) expect((await send(gateway.url, { path: '/proxy' })).status).toBe(200)
          const failed = async () => {
            const metrics = await send(gateway.url, {
              path: '/_svc/metrics',
              headers: { authorization: `Basic ${Buffer.from('ops:secret').toString('base64')}` },
            })
            return Number(/^svc_trace_export_failures_total (\d+)$/m.exec(metrics.body)?.[1])
          }
          // 3 requests make 6 spans, sent 2 per export: every one of them refused
          const deadline = Date.now() + 10_000
          while ((await failed()) < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
          expect(await failed()).toBe(6)
          expect(posts).toBe(3)
        },
      )
    } finally {
      await new Promise((resolve) => refusing.close(resolve))
    }
  })

  it('TR6: posts carry the OTLP header and compression settings, and a 503 is tried again', async () => {
    await withGateway(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-tenant=observability',
        OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
        SVC_STATUS_AUTH: 'ops:secret',
      },
      async (gateway) => {
        const posted = receiver.headers.length
        receiver.refuseNext([503])
        const response = await send(gateway.url, { path: '/proxy' })
        expect(response.status).toBe(200)
        const access = await gateway.waitForLog(
          (line) => line.type === 'svc_access' && line.requestID === response.headers['x-request-id'],
        )
        const traceId = access.traceID as string
        await receiver.waitFor(() => ofTrace(traceId).length === 2)
        // the refused post and the one after it, each with the configured header, gzip and the user agent
        const posts = receiver.headers.slice(posted)
        expect(posts).toHaveLength(2)
        for (const post of posts) {
          expect(post['x-tenant']).toBe('observability')
          expect(post['content-encoding']).toBe('gzip')
          expect(post['content-type']).toBe('application/x-protobuf')
          expect(post['user-agent']).toMatch(/^svc-gateway\/\S+$/)
        }
        const metrics = await send(gateway.url, {
          path: '/_svc/metrics',
          headers: { authorization: `Basic ${Buffer.from('ops:secret').toString('base64')}` },
        })
        expect(/^svc_trace_export_failures_total (\d+)$/m.exec(metrics.body)?.[1]).toBe('0')
      },
    )
  })

  it('TR6: a collector URL with credentials gets them as Basic authorization', async () => {
    const withCredentials = receiver.url.replace('http://', 'http://spans:s3cret@')
    await withGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: withCredentials }, async (gateway) => {
      const posted = receiver.headers.length
      expect((await send(gateway.url, { path: '/proxy' })).status).toBe(200)
      const deadline = Date.now() + 10_000
      while (receiver.headers.length === posted && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      expect(receiver.headers[posted]?.authorization).toBe(`Basic ${Buffer.from('spans:s3cret').toString('base64')}`)
    })
  })

  it('tracing is off without the variables: no ids in the logs, the client traceparent passes a proxy unchanged', async () => {
    await withGateway({}, async (gateway) => {
      seen.length = 0
      const incoming = `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01`
      const response = await send(gateway.url, { path: '/proxy', headers: { traceparent: incoming } })
      const id = response.headers['x-request-id']
      const access = await gateway.waitForLog((line) => line.type === 'svc_access' && line.requestID === id)
      expect(access.traceID).toBeUndefined()
      expect(seen.at(-1)!.headers.traceparent).toBe(incoming)
    })
  })

  it.each([
    ['OTEL_TRACES_SAMPLER', 'sometimes'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_TRACES_EXPORTER', 'zipkin'],
    ['OTEL_PROPAGATORS', 'b3'],
  ])('an invalid %s stops the start (CF3)', async (variable, value) => {
    const gateway = startBundle(join(root, 'out'), {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      [variable]: value,
    })
    await expect(gateway).rejects.toThrow(new RegExp(variable))
  })
})
