/**
 * The spans the tracer makes (docs/spec/operations.md TR2-TR5), driven through its interface and
 * exported to a local OTLP receiver: names and attributes per the HTTP conventions for what the
 * end-to-end tests do not reach (a method outside the standard ones, a retried attempt, a failed
 * one, a client gone, a step that raised), with the times the exchange and the attempt give, and
 * nothing exported for an unsampled trace.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { ClientSpan } from '../../../../runtime/context/trace.js'
import { readTracingConfig } from '../../../../runtime/tracing/config.js'
import { createOtelTracer } from '../../../../runtime/tracing/otel-tracer.js'
import type { GatewayTracer, ServerRequest, ServerSpan } from '../../../../runtime/tracing/tracer.js'
import { connectCollector } from '../../../../runtime/upstream/collector-post.js'
import { type OtlpReceiver, startOtlpReceiver } from '../../../helpers/otlp-receiver.js'

let receiver: OtlpReceiver

beforeEach(async () => {
  receiver = await startOtlpReceiver()
})

afterEach(async () => {
  await receiver.close()
})

function tracer(sampler = 'always_on'): GatewayTracer {
  const config = readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: sampler })
  return createOtelTracer({
    config: config!,
    version: '1.2.3',
    counters: { spansDropped: () => undefined, exportFailed: () => undefined },
    flushTimeoutMs: 5000,
    collector: connectCollector,
  })
}

/** performance.now() when each test's exchange began; its spans' other times count from there. */
let began = 0

function request(method: string): ServerRequest {
  began = performance.now()
  return {
    method,
    scheme: 'http',
    path: '/items/7',
    query: 'full=1',
    host: 'gw.example',
    port: 8080,
    clientAddress: '10.0.0.9',
    userAgent: 'tester/1',
    httpVersion: '1.1',
    requestId: 'req-1',
    startMs: began,
    header: () => undefined,
  }
}

/** A request's server span, routed, and the client span of one upstream attempt (counted from 0). */
function routedCall(
  gateway: GatewayTracer,
  method: string,
  attempt: number,
): { server: ServerSpan; client: ClientSpan } {
  const server = gateway.startServer(request(method))
  server.route('/items/{id}')
  const client = server.startClient({ method, url: 'http://127.0.0.1:9/items/7', host: '127.0.0.1', port: 9, attempt })
  return { server, client }
}

describe('the OpenTelemetry tracer', () => {
  it('names a non-standard method HTTP and a retried, failed attempt by its resend count and failure', async () => {
    const gateway = tracer()
    const { server, client } = routedCall(gateway, 'PURGE', 1)
    expect(client.fields).toEqual([['traceparent', `00-${server.traceId}-${client.spanId}-01`]])
    client.end({ status: 0, failure: 'connection reset', startMs: began + 1, endMs: began + 3.5 })
    server.end(502, 3101, false, began + 5)
    await gateway.shutdown()

    const byKind = new Map(receiver.spans.map((span) => [span.kind, span]))
    const serverSpan = byKind.get(2)!
    // both spans name the method as the conventions say for one outside the standard ones
    const method = { 'http.request.method': '_OTHER', 'http.request.method_original': 'PURGE' }
    expect({ name: serverSpan.name, status: serverSpan.statusCode }).toEqual({ name: 'HTTP /items/{id}', status: 2 })
    expect(serverSpan.attributes).toEqual({
      ...method,
      'url.scheme': 'http',
      'url.path': '/items/7',
      'url.query': 'full=1',
      'server.address': 'gw.example',
      'server.port': 8080,
      'client.address': '10.0.0.9',
      'network.protocol.version': '1.1',
      'user_agent.original': 'tester/1',
      'svc.request_id': 'req-1',
      'http.route': '/items/{id}',
      'http.response.status_code': 502,
      'svc.error.code': 3101,
      'error.type': '3101',
    })
    const clientSpan = byKind.get(3)!
    expect({ name: clientSpan.name, parent: clientSpan.parentSpanId, status: clientSpan.statusCode }).toEqual({
      name: 'HTTP',
      parent: serverSpan.spanId,
      status: 2,
    })
    // the times given by the exchange and the attempt, as their log lines have them
    expect(serverSpan.endMs - serverSpan.startMs).toBeCloseTo(5, 3)
    expect(clientSpan.startMs - serverSpan.startMs).toBeCloseTo(1, 3)
    expect(clientSpan.endMs - clientSpan.startMs).toBeCloseTo(2.5, 3)
    expect(clientSpan.attributes).toEqual({
      ...method,
      'url.full': 'http://127.0.0.1:9/items/7',
      'server.address': '127.0.0.1',
      'server.port': 9,
      'http.request.resend_count': 1,
      'error.type': 'connection reset',
    })
  })

  it('marks a request whose client went away as aborted, not failed, and names an unrouted one by its method', async () => {
    const gateway = tracer()
    gateway.startServer(request('GET')).end(0, undefined, true, began + 1)
    await gateway.shutdown()

    const [span] = receiver.spans
    expect(span!.name).toBe('GET')
    expect(span!.statusCode).toBe(0)
    expect(span!.attributes['error.type']).toBe('aborted')
    expect(span!.attributes).not.toHaveProperty('http.response.status_code')
    expect(span!.attributes).not.toHaveProperty('http.route')
  })

  it('TR5: a step ended by a raised error is an error span with the error code; one ended by another error too', async () => {
    const gateway = tracer()
    const server = gateway.startServer(request('GET'))
    const attributes = { 'code.function.name': 'orders', 'svc.flow.location': 'orders.xml:2:3' }
    server.startStep('sub-flow', attributes).end(Object.assign(new Error('raised'), { code: 4711 }))
    server.startStep('xslt', { 'svc.stylesheet': 'a.xsl' }).end(new Error('broken'))
    server.startStep('xslt', { 'svc.stylesheet': 'b.xsl' }).end(null)
    server.end(502, 4711, false, began + 1)
    await gateway.shutdown()

    const steps = receiver.spans.filter((span) => span.kind === 1)
    expect(steps.map((step) => [step.name, step.statusCode, step.parentSpanId])).toEqual([
      ['sub-flow', 2, server.spanId],
      ['xslt', 2, server.spanId],
      ['xslt', 0, server.spanId],
    ])
    expect(steps[0]!.attributes).toEqual({ ...attributes, 'svc.error.code': 4711, 'error.type': '4711' })
    expect(steps[1]!.attributes).toEqual({ 'svc.stylesheet': 'a.xsl', 'error.type': 'error' })
    expect(steps[2]!.attributes).toEqual({ 'svc.stylesheet': 'b.xsl' })
  })

  it('exports nothing of an unsampled trace, whose upstream calls still carry its context', async () => {
    const gateway = tracer('always_off')
    const { server, client } = routedCall(gateway, 'GET', 0)
    expect(client.fields).toEqual([['traceparent', `00-${server.traceId}-${client.spanId}-00`]])
    client.end({ status: 200, failure: null, startMs: began, endMs: began + 1 })
    server.end(200, undefined, false, began + 2)
    // a sampled trace after it shows that the export works and came after
    const sampledGateway = tracer()
    sampledGateway.startServer(request('GET')).end(200, undefined, false, began + 1)
    await Promise.all([gateway.shutdown(), sampledGateway.shutdown()])

    expect(receiver.spans.map((span) => span.traceId)).not.toContain(server.traceId)
    expect(receiver.spans).toHaveLength(1)
  })

  it("TR2: samples a root by the sampler, a caller's trace as its flags say, and ignores a tracestate alone", async () => {
    const parent = 'a3ce929d0e0e47364bf92f3577b34da6'
    const parentSpan = '00f067aa0ba902b7'
    const withHeaders = (method: string, headers: Record<string, string>): ServerRequest => ({
      ...request(method),
      header: (name) => headers[name],
    })
    const traced = (gateway: GatewayTracer, method: string, headers: Record<string, string>): ServerSpan => {
      const server = gateway.startServer(withHeaders(method, headers))
      server.end(200, undefined, false, began + 1)
      return server
    }
    const parentBased = tracer('parentbased_always_on')
    const alwaysOn = tracer('always_on')
    const root = traced(parentBased, 'GET', {})
    const stateOnly = traced(parentBased, 'PUT', { tracestate: 'vendor=1' })
    const unsampledParent = traced(parentBased, 'POST', { traceparent: `00-${parent}-${parentSpan}-00` })
    const sampledParent = traced(parentBased, 'PATCH', { traceparent: `00-${parent}-${parentSpan}-01` })
    const forcedOn = traced(alwaysOn, 'DELETE', { traceparent: `00-${parent}-${parentSpan}-00` })
    const invalidParent = traced(parentBased, 'HEAD', { traceparent: `00-${'0'.repeat(32)}-${parentSpan}-01` })
    await Promise.all([parentBased.shutdown(), alwaysOn.shutdown()])

    // a new trace for no traceparent, a tracestate alone, or an invalid traceparent
    for (const span of [root, stateOnly, invalidParent]) expect(span.traceId).not.toBe(parent)
    for (const span of [unsampledParent, sampledParent, forcedOn]) expect(span.traceId).toBe(parent)
    // unrouted spans are named by their method; the one of the unsampled parent is not exported
    const exported = receiver.spans.map((span) => `${span.name} <- ${span.parentSpanId}`).sort()
    expect(exported).toEqual([`DELETE <- ${parentSpan}`, 'GET <- ', 'HEAD <- ', `PATCH <- ${parentSpan}`, 'PUT <- '])
  })
})
