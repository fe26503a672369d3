/**
 * Tracing on the official OpenTelemetry packages (operations.md TR1-TR8): the 3.x SDK's samplers, the
 * OTLP/HTTP exporter (JSON or protobuf) and the W3C propagators. Nothing is registered globally, and no
 * context manager runs: the gateway has its own per-request context, which carries the request's spans.
 *
 * While a request runs, its spans are records (ids, times, and the request or attempt they describe,
 * written as attributes when a sampled span is exported: see RecordingSpan); the sampler decides
 * once per trace when the server span starts, the official propagators read the caller's
 * `traceparent` and `baggage`, and finished spans of sampled traces go to the exporter in batches
 * (span-export.ts; why not through the SDK's spans: see there). Each upstream attempt's `traceparent`
 * is written here (see `AttemptFields`).
 */
import { randomBytes } from 'node:crypto'

import {
  type Attributes,
  type Context,
  ROOT_CONTEXT,
  SamplingDecision,
  type SpanContext,
  SpanKind,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
  TraceFlags,
} from '@opentelemetry/api'
import {
  CompositePropagator,
  parseKeyPairsIntoRecord,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core'
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { createOtlpNetworkExportDelegate, OTLPExporterBase } from '@opentelemetry/otlp-exporter-base'
import {
  convertLegacyHttpOptions,
  createOtlpHttpExportDelegate,
  createOtlpHttpExporterMetrics,
} from '@opentelemetry/otlp-exporter-base/node-http'
import {
  type IExporterMetricsHelper,
  type IExportTraceServiceResponse,
  type ISerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
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
import type { HexDigits } from '../log/json-line.js'
import type { TracingConfig } from './config.js'
import { type EncodedSpans, OtlpSpanEncoder } from './otlp-protobuf.js'
import { type CollectorConnector, collectorTransport, postsOnGatewayClient } from './otlp-transport.js'
import {
  type AttributeList,
  attributeListOf,
  type AttributeSink,
  type BatchExporter,
  type ExportedSpan,
  type IdBytes,
  putAttribute,
  type SpanBatch,
  SpanExport,
  type SpanIdBytes,
  SpanList,
  type SpanOrigin,
  writeAttributeList,
} from './span-export.js'
import type { GatewayTracer, ServerRequest, ServerSpan, TracerOptions, TracingCounters } from './tracer.js'

const SCOPE = 'svc-gateway'
/** The component type the official protobuf span exporter names itself by (its self-observability). */
const PROTOBUF_EXPORTER_COMPONENT = 'otlp_http_span_exporter'
/** The gateway's own attributes (TR3, TR5). */
const ATTR_SVC_REQUEST_ID = 'svc.request_id'
const ATTR_SVC_ERROR_CODE = 'svc.error.code'

/** What the sampler is shown of a span's attributes and links (see startServer). */
const NO_ATTRIBUTES: Attributes = Object.freeze({})
const NO_LINKS = Object.freeze([]) as never[]

export function createOtelTracer({
  config,
  version,
  counters,
  flushTimeoutMs,
  collector,
}: TracerOptions): GatewayTracer {
  const origin: SpanOrigin = {
    resource: resourceFromAttributes({
      ...parseKeyPairsIntoRecord(config.resourceAttributes),
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_VERSION]: version,
    }),
    instrumentationScope: { name: SCOPE },
  }
  const spans = spanExportOf(config, origin, version, counters, collector)
  const attemptFields = new AttemptFields(config.traceContext, config.baggage ? new W3CBaggagePropagator() : null)
  return new OtelTracer(
    origin,
    spans,
    samplerOf(config),
    samplesEveryRoot(config),
    propagatorOf(config),
    attemptFields,
    flushTimeoutMs,
  )
}

class OtelTracer implements GatewayTracer {
  readonly #randomIds = new RandomIds()
  /**
   * The fields that can carry a caller's context: `traceparent` and `baggage` as the propagators are
   * on. Not `tracestate`, which the W3C propagator reads only beside a `traceparent`.
   */
  readonly #contextFields: readonly string[]
  /** The last server span name made, and what it was made of (see spanName). */
  #lastName = { method: '', route: '', name: '' }

  constructor(
    readonly origin: SpanOrigin,
    readonly spans: SpanExport<SpanBatch>,
    readonly sampler: Sampler,
    /** Whether the sampler samples every trace that has no parent (always_on, parentbased_always_on). */
    readonly samplesEveryRoot: boolean,
    readonly propagator: TextMapPropagator,
    readonly attemptFields: AttemptFields,
    readonly flushTimeoutMs: number,
  ) {
    this.#contextFields = propagator.fields().filter((field) => field !== 'tracestate')
  }

  startServer(request: ServerRequest): ServerSpan {
    // TR2: the caller's context when its traceparent is valid; a new trace otherwise. A request with
    // none of the propagators' fields (most, where the gateway is the edge) has nothing to extract.
    const carried = this.#carriesContext(request)
    const incoming = carried ? this.propagator.extract(ROOT_CONTEXT, request, REQUEST_GETTER) : ROOT_CONTEXT
    const remote = carried ? trace.getSpanContext(incoming) : undefined
    const parent = remote !== undefined && trace.isSpanContextValid(remote) ? remote : null
    const drawnTraceId = parent === null ? this.#randomIds.traceId() : null
    const traceId = parent === null ? drawnTraceId!.text : parent.traceId
    const method = standardMethod(request.method)
    // the SDK's samplers that OTEL_TRACES_SAMPLER names read no attributes; a root span of a sampler
    // that samples every root is sampled without asking (what the sampler would answer)
    const decision =
      parent === null && this.samplesEveryRoot
        ? SamplingDecision.RECORD_AND_SAMPLED
        : this.sampler.shouldSample(incoming, traceId, spanMethod(method), SpanKind.SERVER, NO_ATTRIBUTES, NO_LINKS)
            .decision
    const context: TraceContext = {
      tracer: this,
      traceId,
      drawnTraceId,
      traceFlags: decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE,
      traceState: parent?.traceState,
      incoming,
    }
    return new OtelServerSpan(context, this.#randomIds.spanId(), parent, request, method)
  }

  spanId(): RandomId {
    return this.#randomIds.spanId()
  }

  /**
   * A server span's name, `{method} {route}`: the same string as long as method and route repeat (the
   * encoder then copies the name's field as written before), made anew when either changes.
   */
  spanName(method: string, route: string): string {
    const last = this.#lastName
    if (last.method === method && last.route === route) return last.name
    const made = { method, route, name: `${spanMethod(method)} ${route}` }
    this.#lastName = made
    return made.name
  }

  #carriesContext(request: ServerRequest): boolean {
    for (const field of this.#contextFields) if (request.header(field) !== undefined) return true
    return false
  }

  shutdown(): Promise<void> {
    // a collector that is down or does not answer holds the stop for at most the flush timeout
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.flushTimeoutMs)
      timer.unref()
    })
    const done = this.spans.shutdown().catch(() => undefined)
    return Promise.race([done, late]).finally(() => clearTimeout(timer))
  }
}

/** What every span of one request's trace shares. */
interface TraceContext {
  readonly tracer: OtelTracer
  readonly traceId: string
  /** The trace id's bytes when drawn here; null for a caller's. */
  readonly drawnTraceId: RandomId | null
  /** Sampled or not, decided once for the trace by the server span (TR2). */
  readonly traceFlags: TraceFlags
  readonly traceState: SpanContext['traceState']
  /** The extracted incoming context (it carries the caller's baggage when that propagator is on). */
  readonly incoming: Context
}

const REQUEST_GETTER: TextMapGetter<ServerRequest> = {
  get: (carrier, key) => carrier.header(key),
  keys: () => [],
}

type FieldList = [string, string][]

const FIELD_SETTER: TextMapSetter<FieldList> = {
  set: (carrier, key, value) => void carrier.push([key, value]),
}

/**
 * The fields that carry a client span's context to the upstream (TR4): W3C `traceparent` and
 * `tracestate` when that propagator is on, and the caller's `baggage` when that one is.
 *
 * Why `traceparent` is written here and not by the official W3CTraceContextPropagator's `inject`: that
 * takes a Context holding the span's context (a copy of the request's, made per attempt), looks it up
 * again and checks the ids with regular expressions, ~1.2 µs per attempt timed in the running gateway;
 * the ids here are valid by construction (drawn here, or the caller's after the propagator checked
 * them), and the header is the one line of the W3C format below. The baggage propagator's `inject`
 * reads only the baggage of the request's context, which it is given as is.
 */
class AttemptFields {
  constructor(
    readonly traceContext: boolean,
    readonly baggage: TextMapPropagator | null,
  ) {}

  write(fields: FieldList, trace: TraceContext, spanId: string): void {
    if (this.traceContext) {
      // version 00, trace id, parent id, flags (only "sampled" is ever set)
      const flags = trace.traceFlags === TraceFlags.SAMPLED ? '01' : '00'
      fields.push(['traceparent', `00-${trace.traceId}-${spanId}-${flags}`])
      const traceState = trace.traceState?.serialize()
      if (traceState) fields.push(['tracestate', traceState])
    }
    this.baggage?.inject(trace.incoming, fields, FIELD_SETTER)
  }
}

/**
 * A span of the request path: ids and times, handed to the export itself once finished (span-export.ts
 * ExportedSpan). Server and client spans keep what they were started with and write their attributes
 * from it only when the export asks: an unsampled span (most, where a ratio samples) costs its ids
 * and little more, and a sampled one makes no attribute list. Their times are those of the exchange
 * and the attempt as the access and `svc_request` lines time them (the span agrees with its lines,
 * and reads no clock of its own); a step's span reads the clock when it starts and ends.
 */
abstract class RecordingSpan implements SpanIdBytes, ExportedSpan {
  /** This span's context, made when a child or the export first needs it. */
  #context: SpanContext | null = null

  constructor(
    readonly trace: TraceContext,
    readonly id: RandomId,
    readonly parent: SpanContext | null,
    /** The parent's id when drawn here (a span of this request); null for none or a caller's. */
    readonly parentIdBytes: RandomId | null,
    readonly kind: SpanKind,
  ) {}

  abstract readonly name: string
  abstract readonly startMs: number
  abstract readonly endMs: number
  abstract readonly failed: boolean
  abstract writeAttributes(sink: AttributeSink): void

  get traceId(): string {
    return this.trace.traceId
  }

  get spanId(): string {
    return this.id.text
  }

  get traceIdBytes(): IdBytes | null {
    return this.trace.drawnTraceId
  }

  get spanIdBytes(): IdBytes {
    return this.id
  }

  get traceIdDigits(): HexDigits | null {
    return this.trace.drawnTraceId
  }

  get spanIdDigits(): HexDigits {
    return this.id
  }

  get idBytes(): SpanIdBytes {
    return this
  }

  get context(): SpanContext {
    return this.asParent()
  }

  get parentSpanContext(): SpanContext | undefined {
    return this.parent ?? undefined
  }

  get sampled(): boolean {
    return this.trace.traceFlags === TraceFlags.SAMPLED
  }

  /** Queues the finished span (its trace is sampled). */
  protected finish(): void {
    this.trace.tracer.spans.add(this)
  }

  /** This span as the parent of others, and as the export reads it. */
  protected asParent(): SpanContext {
    const trace = this.trace
    this.#context ??= {
      traceId: trace.traceId,
      spanId: this.spanId,
      traceFlags: trace.traceFlags,
      traceState: trace.traceState,
    }
    return this.#context
  }
}

abstract class ParentRecordingSpan extends RecordingSpan implements ParentSpan {
  startClient(attempt: ClientAttempt): ClientSpan {
    const trace = this.trace
    const span = new OtelClientSpan(trace, trace.tracer.spanId(), this.asParent(), this.id, attempt)
    // TR4: the upstream's parent is this client span
    trace.tracer.attemptFields.write(span.fields, trace, span.spanId)
    return span
  }

  startStep(name: string, attributes: SpanAttributes): StepSpan {
    const trace = this.trace
    return new OtelStepSpan(trace, trace.tracer.spanId(), this.asParent(), this.id, name, attributes)
  }
}

class OtelServerSpan extends ParentRecordingSpan implements ServerSpan {
  /** The matched route pattern (PL5), once known. */
  #route: string | null = null
  /** How the exchange ended (see end). */
  #status = 0
  #errorCode: number | undefined = undefined
  #aborted = false
  #endMs = 0

  constructor(
    trace: TraceContext,
    id: RandomId,
    parent: SpanContext | null,
    readonly request: ServerRequest,
    /** The request's method, or `_OTHER` (standardMethod). */
    readonly method: string,
  ) {
    super(trace, id, parent, null, SpanKind.SERVER)
  }

  route(pattern: string): void {
    this.#route = pattern
  }

  end(status: number, errorCode: number | undefined, aborted: boolean, endMs: number): void {
    if (!this.sampled) return
    this.#status = status
    this.#errorCode = errorCode
    this.#aborted = aborted
    this.#endMs = endMs
    this.finish()
  }

  get name(): string {
    const route = this.#route
    return route === null ? spanMethod(this.method) : this.trace.tracer.spanName(this.method, route)
  }

  get startMs(): number {
    return this.request.startMs
  }

  get endMs(): number {
    return this.#endMs
  }

  /** Server spans: a 4xx is the client's error, not the server's (HTTP conventions). */
  get failed(): boolean {
    return !this.#aborted && this.#status >= 500
  }

  writeAttributes(sink: AttributeSink): void {
    const { request, method } = this
    const route = this.#route
    const status = this.#status
    const errorCode = this.#errorCode
    sink.attribute(ATTR_HTTP_REQUEST_METHOD, method)
    sink.attribute(ATTR_URL_SCHEME, request.scheme)
    sink.attribute(ATTR_URL_PATH, request.path)
    sink.attribute(ATTR_SERVER_ADDRESS, request.host)
    sink.attribute(ATTR_CLIENT_ADDRESS, request.clientAddress)
    sink.attribute(ATTR_NETWORK_PROTOCOL_VERSION, request.httpVersion)
    sink.attribute(ATTR_SVC_REQUEST_ID, request.requestId)
    if (method === '_OTHER') sink.attribute(ATTR_HTTP_REQUEST_METHOD_ORIGINAL, request.method)
    if (request.query !== null) sink.attribute(ATTR_URL_QUERY, request.query)
    if (request.port !== null) sink.attribute(ATTR_SERVER_PORT, request.port)
    if (request.userAgent !== undefined) sink.attribute(ATTR_USER_AGENT_ORIGINAL, request.userAgent)
    if (route !== null) sink.attribute(ATTR_HTTP_ROUTE, route)
    if (status > 0) sink.attribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status)
    if (errorCode !== undefined) sink.attribute(ATTR_SVC_ERROR_CODE, errorCode)
    if (this.#aborted) sink.attribute(ATTR_ERROR_TYPE, 'aborted')
    else if (status >= 500) sink.attribute(ATTR_ERROR_TYPE, String(errorCode ?? status))
  }
}

class OtelClientSpan extends RecordingSpan implements ClientSpan {
  readonly fields: FieldList = []
  /** How the attempt ended (see end), and its method as the conventions name it (standardMethod). */
  #method = ''
  #status = 0
  #errorType: string | null = null
  #startMs = 0
  #endMs = 0

  constructor(
    trace: TraceContext,
    id: RandomId,
    parent: SpanContext,
    parentId: RandomId,
    readonly attempt: ClientAttempt,
  ) {
    super(trace, id, parent, parentId, SpanKind.CLIENT)
  }

  end({ status, failure, startMs, endMs }: ClientEnd): void {
    if (!this.sampled) return
    this.#method = standardMethod(this.attempt.method)
    this.#status = status
    // client spans: every 4xx and 5xx is an error of the call (HTTP conventions)
    this.#errorType = failure ?? (status >= 400 ? String(status) : null)
    this.#startMs = startMs
    this.#endMs = endMs
    this.finish()
  }

  get name(): string {
    return spanMethod(this.#method)
  }

  get startMs(): number {
    return this.#startMs
  }

  get endMs(): number {
    return this.#endMs
  }

  get failed(): boolean {
    return this.#errorType !== null
  }

  writeAttributes(sink: AttributeSink): void {
    const attempt = this.attempt
    const method = this.#method
    const status = this.#status
    sink.attribute(ATTR_HTTP_REQUEST_METHOD, method)
    sink.attribute(ATTR_URL_FULL, attempt.url)
    sink.attribute(ATTR_SERVER_ADDRESS, attempt.host)
    sink.attribute(ATTR_SERVER_PORT, attempt.port)
    if (method === '_OTHER') sink.attribute(ATTR_HTTP_REQUEST_METHOD_ORIGINAL, attempt.method)
    if (attempt.attempt > 0) sink.attribute(ATTR_HTTP_REQUEST_RESEND_COUNT, attempt.attempt)
    if (status > 0) sink.attribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status)
    if (this.#errorType !== null) sink.attribute(ATTR_ERROR_TYPE, this.#errorType)
  }
}

class OtelStepSpan extends ParentRecordingSpan implements StepSpan {
  readonly startMs = performance.now()
  #endMs = 0
  #failed = false
  /** The step's attributes, with the error's once it ended failed. */
  #attributes: AttributeList = []

  constructor(
    trace: TraceContext,
    id: RandomId,
    parent: SpanContext,
    parentId: RandomId,
    readonly name: string,
    readonly attributes: SpanAttributes,
  ) {
    super(trace, id, parent, parentId, SpanKind.INTERNAL)
  }

  end(error: unknown): void {
    if (!this.sampled) return
    const attributes = attributeListOf(this.attributes)
    const failed = error !== null && error !== undefined
    if (failed) {
      const code = (error as { code?: unknown }).code
      if (typeof code === 'number') putAttribute(attributes, ATTR_SVC_ERROR_CODE, code)
      putAttribute(attributes, ATTR_ERROR_TYPE, typeof code === 'number' ? String(code) : 'error')
    }
    this.#attributes = attributes
    this.#failed = failed
    this.#endMs = performance.now()
    this.finish()
  }

  get endMs(): number {
    return this.#endMs
  }

  get failed(): boolean {
    return this.#failed
  }

  writeAttributes(sink: AttributeSink): void {
    writeAttributeList(this.#attributes, sink)
  }
}

/** Random bytes drawn at a time for ids: 128 requests' worth of a trace id and two span ids. */
const ID_POOL_BYTES = 4096

/**
 * An id drawn here: its hex, and where its bytes (for the encoder) and its hex digits as bytes (for log
 * lines) are in the pool it was drawn from.
 */
class RandomId implements IdBytes, HexDigits {
  constructor(
    readonly text: string,
    readonly bytes: Buffer,
    readonly at: number,
    readonly digits: Buffer,
  ) {}

  get digitsAt(): number {
    return 2 * this.at
  }
}

/**
 * Trace and span ids from a pool of random bytes drawn 4 KiB at a time, written as hex once per pool:
 * an id's text is a slice of that text (timed in the running gateway, a call into Buffer's hex writer
 * per id cost ~0.15 µs more). A new pool each time, since finished spans keep their ids' bytes in the
 * old one until exported. An all-zero id, invalid, is drawn again.
 */
class RandomIds {
  #pool = Buffer.alloc(0)
  #text = ''
  #digits = Buffer.alloc(0)
  #at = 0

  traceId(): RandomId {
    return this.#draw(16)
  }

  spanId(): RandomId {
    return this.#draw(8)
  }

  #draw(bytes: number): RandomId {
    for (;;) {
      if (this.#at + bytes > this.#pool.length) {
        this.#pool = randomBytes(ID_POOL_BYTES)
        this.#text = this.#pool.toString('hex')
        this.#digits = Buffer.from(this.#text, 'latin1')
        this.#at = 0
      }
      const at = this.#at
      this.#at += bytes
      // the bytes are checked, not the text: comparing a slice with a string of zeros showed in profiles
      if (!allZero(this.#pool, at, bytes)) {
        return new RandomId(this.#text.slice(2 * at, 2 * (at + bytes)), this.#pool, at, this.#digits)
      }
    }
  }
}

function allZero(bytes: Buffer, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) if (bytes[i] !== 0) return false
  return true
}

/** The method as the HTTP conventions name it: one of theirs, or `_OTHER` (and `HTTP` in span names). */
function standardMethod(method: string): string {
  // a switch of constant strings: the set's lookup showed in profiles, twice per request
  switch (method) {
    case 'GET':
    case 'POST':
    case 'PUT':
    case 'DELETE':
    case 'PATCH':
    case 'HEAD':
    case 'OPTIONS':
    case 'CONNECT':
    case 'TRACE':
      return method
    default:
      return '_OTHER'
  }
}

/** The method part of a span name: `HTTP` for methods outside the standard ones. */
function spanMethod(method: string): string {
  return method === '_OTHER' ? 'HTTP' : method
}

/**
 * The export queue and its exporter: for `http/json` the official one, given lists of spans; for
 * `http/protobuf` the official OTLP/HTTP exporter as `@opentelemetry/exporter-trace-otlp-proto`
 * assembles it (its configuration from `OTEL_EXPORTER_OTLP_*`: headers, timeout, compression), given
 * batches that the gateway's encoder writes as their spans arrive, in place of the official
 * serializer (why: otlp-protobuf.ts), and posting on the gateway's own HTTP client to a collector at
 * an `http:` URL (why: otlp-transport.ts).
 */
function spanExportOf(
  config: TracingConfig,
  origin: SpanOrigin,
  version: string,
  counters: TracingCounters,
  collector: CollectorConnector,
): SpanExport<SpanBatch> {
  const userAgent = `svc-gateway/${version}`
  if (config.protocol === 'http/json') {
    const official = new JsonTraceExporter({ url: config.url, userAgent })
    const exporter: BatchExporter<SpanList> = {
      newBatch: () => new SpanList(origin),
      export: (batch, resultCallback) => official.export(batch.spans, resultCallback),
      shutdown: () => official.shutdown(),
    }
    return new SpanExport(exporter, config.batch, counters)
  }
  const encoder = new OtlpSpanEncoder(origin)
  const serializer: ISerializer<EncodedSpans, IExportTraceServiceResponse> = {
    serializeRequest: (batch) => batch.body(),
    deserializeResponse: (data) => ProtobufTraceSerializer.deserializeResponse(data),
  }
  const options = convertLegacyHttpOptions({ url: config.url, userAgent }, 'TRACES', 'v1/traces', {
    'Content-Type': 'application/x-protobuf',
  })
  // what the exporter's self-observability counts (it is given no meter provider)
  const counted: IExporterMetricsHelper<EncodedSpans> = { name: 'span', countItems: (batch) => batch.size }
  const delegate = postsOnGatewayClient(options.url)
    ? createOtlpNetworkExportDelegate(
        options,
        serializer,
        createOtlpHttpExporterMetrics(PROTOBUF_EXPORTER_COMPONENT, counted, options.url, undefined),
        collectorTransport(
          { url: options.url, headers: options.headers, compression: options.compression, userAgent },
          collector,
        ),
      )
    : createOtlpHttpExportDelegate(options, serializer, PROTOBUF_EXPORTER_COMPONENT, counted, undefined)
  const official = new OTLPExporterBase(delegate)
  const expectedSpans = config.batch.maxExportBatchSize
  const exporter: BatchExporter<EncodedSpans> = {
    newBatch: () => encoder.startBatch(expectedSpans),
    export: (batch, resultCallback) => official.export(batch, resultCallback),
    shutdown: () => official.shutdown(),
  }
  return new SpanExport(exporter, config.batch, counters)
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

function samplesEveryRoot(config: TracingConfig): boolean {
  return config.sampler === 'always_on' || config.sampler === 'parentbased_always_on'
}

function propagatorOf(config: TracingConfig): TextMapPropagator {
  const propagators: TextMapPropagator[] = []
  if (config.traceContext) propagators.push(new W3CTraceContextPropagator())
  if (config.baggage) propagators.push(new W3CBaggagePropagator())
  return new CompositePropagator({ propagators })
}
