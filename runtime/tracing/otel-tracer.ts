/**
 * Tracing on the official OpenTelemetry packages (operations.md TR1-TR8): a TracerProvider of the 3.x
 * SDK with the configured sampler, a BatchSpanProcessor in front of the OTLP/HTTP exporter (JSON or
 * protobuf), and the W3C propagators. Nothing is registered globally: spans are started with explicit
 * parent contexts, which the request's spans carry (the gateway has its own per-request context, so it
 * needs no context manager), and the propagators read and write header lists directly.
 */
import {
  type Attributes,
  type Context,
  type MeterProvider,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api'
import {
  CompositePropagator,
  parseKeyPairsIntoRecord,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core'
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_FULL,
  ATTR_URL_PATH,
  ATTR_URL_QUERY,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions'

import type { ClientAttempt, ClientEnd, ClientSpan, ParentSpan, SpanAttributes, StepSpan } from '../context/trace.js'
import type { TracingConfig } from './config.js'
import type { GatewayTracer, ServerRequest, ServerSpan, TracerOptions, TracingCounters } from './tracer.js'

const SCOPE = 'svc-gateway'
/** The gateway's own attributes (TR3, TR5). */
const ATTR_SVC_REQUEST_ID = 'svc.request_id'
const ATTR_SVC_ERROR_CODE = 'svc.error.code'

/** The methods the HTTP conventions name; any other is `_OTHER` (and `HTTP` in span names). */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE'])

export function createOtelTracer({ config, version, counters, flushTimeoutMs }: TracerOptions): GatewayTracer {
  const exporterConfig = { url: config.url }
  const exporter =
    config.protocol === 'http/json' ? new JsonTraceExporter(exporterConfig) : new ProtobufTraceExporter(exporterConfig)
  const processor = new BatchSpanProcessor({
    exporter,
    ...config.batch,
    selfObsMeterProvider: countingMeterProvider(counters),
  })
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...parseKeyPairsIntoRecord(config.resourceAttributes),
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_VERSION]: version,
    }),
    sampler: samplerOf(config),
    spanProcessors: [processor],
  })
  return new OtelTracer(provider, propagatorOf(config), flushTimeoutMs)
}

class OtelTracer implements GatewayTracer {
  readonly #tracer
  constructor(
    readonly provider: TracerProvider,
    readonly propagator: TextMapPropagator,
    readonly flushTimeoutMs: number,
  ) {
    this.#tracer = provider.getTracer(SCOPE)
  }

  startServer(request: ServerRequest): ServerSpan {
    const parent = this.propagator.fields().length === 0 ? ROOT_CONTEXT : this.#extract(request)
    const method = standardMethod(request.method)
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_URL_SCHEME]: request.scheme,
      [ATTR_URL_PATH]: request.path,
      [ATTR_SERVER_ADDRESS]: request.host,
      [ATTR_CLIENT_ADDRESS]: request.clientAddress,
      [ATTR_NETWORK_PROTOCOL_VERSION]: request.httpVersion,
      [ATTR_SVC_REQUEST_ID]: request.requestId,
    }
    if (method === '_OTHER') attributes[ATTR_HTTP_REQUEST_METHOD_ORIGINAL] = request.method
    if (request.query !== null) attributes[ATTR_URL_QUERY] = request.query
    if (request.port !== null) attributes[ATTR_SERVER_PORT] = request.port
    if (request.userAgent !== undefined) attributes[ATTR_USER_AGENT_ORIGINAL] = request.userAgent
    const span = this.#tracer.startSpan(spanMethod(method), { kind: SpanKind.SERVER, attributes }, parent)
    return new OtelServerSpan(this, span, trace.setSpan(parent, span), spanMethod(method))
  }

  /** Starts a span of `kind` under `parent`. */
  start(name: string, kind: SpanKind, attributes: Attributes, parent: Context): Span {
    return this.#tracer.startSpan(name, { kind, attributes }, parent)
  }

  shutdown(): Promise<void> {
    // a collector that is down or does not answer holds the stop for at most the flush timeout
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.flushTimeoutMs)
      timer.unref()
    })
    const done = this.provider.shutdown().catch(() => undefined)
    return Promise.race([done, late]).finally(() => clearTimeout(timer))
  }

  #extract(request: ServerRequest): Context {
    return this.propagator.extract(ROOT_CONTEXT, request, REQUEST_GETTER)
  }
}

const REQUEST_GETTER: TextMapGetter<ServerRequest> = {
  get: (carrier, key) => carrier.header(key),
  keys: () => [],
}

type FieldList = [string, string][]

const FIELD_SETTER: TextMapSetter<FieldList> = {
  set: (carrier, key, value) => void carrier.push([key, value]),
}

/** A span that parents others: its OpenTelemetry context is the parent of the spans it starts. */
class OtelParentSpan implements ParentSpan {
  readonly traceId: string
  readonly spanId: string

  constructor(
    readonly tracer: OtelTracer,
    readonly span: Span,
    readonly context: Context,
  ) {
    const ids = span.spanContext()
    this.traceId = ids.traceId
    this.spanId = ids.spanId
  }

  startClient(attempt: ClientAttempt): ClientSpan {
    const method = standardMethod(attempt.method)
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_URL_FULL]: attempt.url,
      [ATTR_SERVER_ADDRESS]: attempt.host,
      [ATTR_SERVER_PORT]: attempt.port,
    }
    if (method === '_OTHER') attributes[ATTR_HTTP_REQUEST_METHOD_ORIGINAL] = attempt.method
    if (attempt.attempt > 0) attributes[ATTR_HTTP_REQUEST_RESEND_COUNT] = attempt.attempt
    const span = this.tracer.start(spanMethod(method), SpanKind.CLIENT, attributes, this.context)
    const fields: FieldList = []
    this.tracer.propagator.inject(trace.setSpan(this.context, span), fields, FIELD_SETTER)
    return new OtelClientSpan(span, fields)
  }

  startStep(name: string, attributes: SpanAttributes): StepSpan {
    const span = this.tracer.start(name, SpanKind.INTERNAL, attributes, this.context)
    return new OtelStepSpan(this.tracer, span, trace.setSpan(this.context, span))
  }
}

class OtelServerSpan extends OtelParentSpan implements ServerSpan {
  constructor(
    tracer: OtelTracer,
    span: Span,
    context: Context,
    readonly method: string,
  ) {
    super(tracer, span, context)
  }

  route(pattern: string): void {
    this.span.updateName(`${this.method} ${pattern}`)
    this.span.setAttribute(ATTR_HTTP_ROUTE, pattern)
  }

  end(status: number, errorCode: number | undefined, aborted: boolean): void {
    const span = this.span
    if (status > 0) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status)
    if (errorCode !== undefined) span.setAttribute(ATTR_SVC_ERROR_CODE, errorCode)
    if (aborted) {
      span.setAttribute(ATTR_ERROR_TYPE, 'aborted')
    } else if (status >= 500) {
      // server spans: a 4xx is the client's error, not the server's (HTTP conventions)
      span.setAttribute(ATTR_ERROR_TYPE, String(errorCode ?? status))
      span.setStatus({ code: SpanStatusCode.ERROR })
    }
    span.end()
  }
}

class OtelClientSpan implements ClientSpan {
  readonly traceId: string
  readonly spanId: string

  constructor(
    readonly span: Span,
    readonly fields: readonly (readonly [string, string])[],
  ) {
    const ids = span.spanContext()
    this.traceId = ids.traceId
    this.spanId = ids.spanId
  }

  end({ status, failure }: ClientEnd): void {
    const span = this.span
    if (status > 0) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status)
    // client spans: every 4xx and 5xx is an error of the call (HTTP conventions)
    const errorType = failure ?? (status >= 400 ? String(status) : null)
    if (errorType !== null) {
      span.setAttribute(ATTR_ERROR_TYPE, errorType)
      span.setStatus({ code: SpanStatusCode.ERROR })
    }
    span.end()
  }
}

class OtelStepSpan extends OtelParentSpan implements StepSpan {
  end(error: unknown): void {
    const span = this.span
    if (error !== null && error !== undefined) {
      const code = (error as { code?: unknown }).code
      if (typeof code === 'number') span.setAttribute(ATTR_SVC_ERROR_CODE, code)
      span.setAttribute(ATTR_ERROR_TYPE, typeof code === 'number' ? String(code) : 'error')
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
    }
    span.end()
  }
}

function standardMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER'
}

/** The method part of a span name: `HTTP` for methods outside the standard ones. */
function spanMethod(method: string): string {
  return method === '_OTHER' ? 'HTTP' : method
}

function samplerOf(config: TracingConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.ratio)
  switch (config.sampler) {
    case 'always_on':
      return new AlwaysOnSampler()
    case 'always_off':
      return new AlwaysOffSampler()
    case 'traceidratio':
      return ratio
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() })
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio })
  }
}

function propagatorOf(config: TracingConfig): TextMapPropagator {
  const propagators: TextMapPropagator[] = []
  if (config.traceContext) propagators.push(new W3CTraceContextPropagator())
  if (config.baggage) propagators.push(new W3CBaggagePropagator())
  return new CompositePropagator({ propagators })
}

/**
 * The batch processor reports its queue through OpenTelemetry's own self-observability metrics; the
 * gateway gives it a meter whose one counter turns "dropped, queue full" and failed exports into the
 * gateway's metrics (TR6), and whose other instruments do nothing.
 */
function countingMeterProvider(counters: TracingCounters): MeterProvider {
  const processed = {
    add(count: number, attributes?: Attributes): void {
      const errorType = attributes?.[ATTR_ERROR_TYPE]
      if (errorType === undefined) return
      if (errorType === 'queue_full') counters.spansDropped(count)
      else counters.exportFailed(count)
    },
  }
  const nothing = { add: () => undefined, addCallback: () => undefined, removeCallback: () => undefined }
  const meter = {
    createCounter: () => processed,
    createUpDownCounter: () => nothing,
    createObservableUpDownCounter: () => nothing,
  }
  // the processor calls only these three of the Meter interface (SpanProcessorMetrics)
  return { getMeter: () => meter } as unknown as MeterProvider
}
