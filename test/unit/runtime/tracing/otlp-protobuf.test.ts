/**
 * The gateway's OTLP/protobuf encoder (runtime/tracing/otlp-protobuf.ts) against the official
 * serializer: for the same finished spans the bodies are the same bytes, for the spans the gateway
 * makes and for what only tests make (long values that need longer lengths, non-ASCII text, several
 * resources, values the encoder leaves to the official serializer).
 */
import { type SpanContext, SpanKind } from '@opentelemetry/api'
import { TraceState } from '@opentelemetry/core'
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { describe, expect, it } from 'vitest'

import { OtlpSpanEncoder } from '../../../../runtime/tracing/otlp-protobuf.js'
import { attributeListOf, FinishedSpan, type SpanOrigin } from '../../../../runtime/tracing/span-export.js'

const ORIGIN: SpanOrigin = {
  resource: resourceFromAttributes({ 'service.name': 'orders', 'service.version': '1.4.2', 'deployment.name': 'eu' }),
  instrumentationScope: { name: 'svc-gateway' },
}
const TRACE = '0af7651916cd43dd8448eb211c80319c'

function context(spanId: string, traceFlags = 1, extra: Partial<SpanContext> = {}): SpanContext {
  return { traceId: TRACE, spanId, traceFlags, ...extra }
}

/** A request's spans as the gateway finishes them: the server span under a remote caller, a client span, a step. */
function requestSpans(origin = ORIGIN): FinishedSpan[] {
  const start = performance.now()
  const server = context('b7ad6b7169203331', 1, { traceState: new TraceState('vendor=1,other=two') })
  const remote = context('00f067aa0ba902b7', 1, { isRemote: true })
  const client = context('53995c3f42cd8ad8')
  return [
    new FinishedSpan(
      origin,
      'GET',
      SpanKind.CLIENT,
      client,
      server,
      start + 0.25,
      start + 3.5,
      attributeListOf({
        'http.request.method': 'GET',
        'url.full': 'http://127.0.0.1:8081/users?limit=10',
        'server.address': '127.0.0.1',
        'server.port': 8081,
        'http.response.status_code': 503,
        'error.type': '503',
      }),
      true,
    ),
    new FinishedSpan(
      origin,
      'xslt',
      SpanKind.INTERNAL,
      context('1111111111111111'),
      server,
      start + 4,
      start + 4.125,
      attributeListOf({
        'svc.stylesheet': 'xslt/orders.xsl',
        'code.lineno': 12,
        'svc.ratio': 0.5,
      }),
      false,
    ),
    new FinishedSpan(
      origin,
      'GET /users',
      SpanKind.SERVER,
      server,
      remote,
      start,
      start + 5.0625,
      attributeListOf({
        'http.request.method': 'GET',
        'url.scheme': 'http',
        'url.path': '/users',
        'server.address': 'localhost',
        'client.address': '127.0.0.1',
        'network.protocol.version': '1.1',
        'svc.request_id': 'VfTaqynDOLSb73jmtF7nbw',
        'server.port': 8080,
        'user_agent.original': 'curl/8.5.0',
        'http.route': '/users',
        'http.response.status_code': 200,
      }),
      false,
    ),
  ]
}

function official(spans: FinishedSpan[]): Buffer {
  return Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!)
}

/** The body the gateway sends for `spans`, as a batch fills with them. */
function ours(encoder: OtlpSpanEncoder, spans: FinishedSpan[], expectedSpans = spans.length): Buffer {
  const batch = encoder.startBatch(expectedSpans)
  for (const span of spans) batch.add(span)
  expect(batch.size).toBe(spans.length)
  return Buffer.from(batch.body())
}

describe('the OTLP/protobuf encoder', () => {
  it("writes the bytes the official serializer writes for a request's spans", () => {
    const spans = requestSpans()
    expect(ours(new OtlpSpanEncoder(ORIGIN), spans)).toEqual(official(spans))
  })

  it('and for a batch of hundreds, an unsampled root span, long, non-ASCII, negative and list values', () => {
    const start = performance.now()
    const spans = [
      ...Array.from({ length: 300 }, () => requestSpans()).flat(),
      new FinishedSpan(
        ORIGIN,
        'POST /orders',
        SpanKind.SERVER,
        context('2222222222222222', 0),
        undefined,
        start,
        start + 1,
        attributeListOf({
          'url.path': `/orders/${'x'.repeat(100_000)}`,
          'user_agent.original': 'naïve client ☃',
          'svc.debug': true,
          'svc.offset': -3,
          'svc.huge': 2 ** 70,
          'svc.list': ['a', 'b', null],
          'svc.numbers': [1, -2, 2.5],
        }),
        false,
      ),
      ...requestSpans(),
    ]
    const encoder = new OtlpSpanEncoder(ORIGIN)
    expect(ours(encoder, spans)).toEqual(official(spans))
    // batches one after the other: the key fields kept from the first serve the next
    expect(ours(encoder, spans.slice(0, 3))).toEqual(official(spans.slice(0, 3)))
  })

  it('copies ids kept as bytes, and finds names that moved to other places of a kind of span', () => {
    const start = performance.now()
    // the ids' bytes inside a larger pool, as the tracer draws them
    const pool = Buffer.concat([Buffer.alloc(5, 0xee), Buffer.from(TRACE + 'b7ad6b716920333153995c3f42cd8ad8', 'hex')])
    const ids = {
      traceIdBytes: { bytes: pool, at: 5 },
      spanIdBytes: { bytes: pool, at: 29 },
      parentIdBytes: { bytes: pool, at: 21 },
    }
    const server = context('b7ad6b7169203331')
    const client = (attributes: Record<string, string | number>): FinishedSpan =>
      new FinishedSpan(
        ORIGIN,
        'GET',
        SpanKind.CLIENT,
        context('53995c3f42cd8ad8'),
        server,
        start,
        start + 1,
        attributeListOf(attributes),
        false,
        ids,
      )
    const spans = [
      client({ 'http.request.method': 'GET', 'server.port': 8081, 'http.response.status_code': 200 }),
      client({ 'http.request.method': 'GET', 'http.request.resend_count': 1, 'server.port': 8081 }),
      client({ 'server.port': 8081, 'http.request.method': 'GET' }),
      client({ 'http.request.method': 'GET', 'server.port': 8081, 'http.response.status_code': 200 }),
    ]
    expect(ours(new OtlpSpanEncoder(ORIGIN), spans)).toEqual(official(spans))
  })

  it('grows its buffer for a span larger than it guessed', () => {
    const start = performance.now()
    const spans = [
      new FinishedSpan(
        ORIGIN,
        'GET /big',
        SpanKind.SERVER,
        context('4444444444444444'),
        undefined,
        start,
        start + 1,
        attributeListOf({
          'url.query': 'q='.padEnd(5_000, 'y'),
        }),
        false,
      ),
    ]
    expect(ours(new OtlpSpanEncoder(ORIGIN), spans)).toEqual(official(spans))
  })

  it('frames a schema URL and a scope version as the official serializer does', () => {
    const origin: SpanOrigin = {
      resource: resourceFromAttributes(
        { 'service.name': 'другой', flag: true },
        { schemaUrl: 'https://opentelemetry.io/schemas/1.30.0' },
      ),
      instrumentationScope: { name: 'svc-gateway', version: '2.0.0', schemaUrl: 'https://example.com/scope' },
    }
    const spans = requestSpans(origin)
    expect(ours(new OtlpSpanEncoder(origin), spans)).toEqual(official(spans))
  })
})
