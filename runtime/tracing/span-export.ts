/**
 * Finished spans and their export in batches (operations.md TR6).
 *
 * Why the exporter gets the request path's records and not the SDK's spans: measured on the referee's
 * proxy route, starting and ending SDK spans (even replayed in batches, outside any request) and its
 * BatchSpanProcessor cost ~12 µs per request of two spans, while the OTLP exporter needs nothing but
 * the facts of its `ReadableSpan` interface, which a request has already recorded. So the request
 * path's spans are queued as they are (ExportedSpan), and for the official exporter a FinishedSpan,
 * one small object that is a ReadableSpan itself, is made of each (times turned into HrTime only when
 * serialized). This queue fills batches in the exporter's form (a list of FinishedSpans, or for
 * `http/protobuf` the bytes the gateway's encoder writes as spans arrive) and hands them to the
 * exporter, one export at a time, with the batch processor's settings (`OTEL_BSP_*`): a bounded queue
 * whose overflow is dropped and counted, a batch sent when full or after the schedule delay, and a
 * timeout per export.
 */
import {
  type Attributes,
  type AttributeValue,
  type HrTime,
  type SpanContext,
  type SpanKind,
  SpanStatusCode,
} from '@opentelemetry/api'
import { type ExportResult, ExportResultCode, type InstrumentationScope } from '@opentelemetry/core'
import type { Resource } from '@opentelemetry/resources'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'

import type { BatchSettings } from './config.js'
import type { TracingCounters } from './tracer.js'

/** What every span of one gateway shares. */
export interface SpanOrigin {
  readonly resource: Resource
  readonly instrumentationScope: InstrumentationScope
}

/**
 * A span's attributes as a list: names and values in turn, each name once (a step's, and a
 * FinishedSpan's). A list, not an object: made and read without the per-name property lookups of
 * objects of many shapes; the official exporter gets an object (`FinishedSpan.attributes`).
 */
export type AttributeList = (string | AttributeValue | undefined)[]

/** Sets `name` in `list`: its value replaced when it is there, else added at the end (as on an object). */
export function putAttribute(list: AttributeList, name: string, value: AttributeValue): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) {
      list[i + 1] = value
      return
    }
  }
  list.push(name, value)
}

/** The list of an object's attributes, in its order. */
export function attributeListOf(attributes: Readonly<Record<string, AttributeValue | undefined>>): AttributeList {
  const list: AttributeList = []
  for (const [name, value] of Object.entries(attributes)) list.push(name, value)
  return list
}

/** Hands `list`'s attributes to `sink`, in order. */
export function writeAttributeList(list: AttributeList, sink: AttributeSink): void {
  for (let i = 0; i < list.length; i += 2) sink.attribute(list[i] as string, list[i + 1] as AttributeValue | undefined)
}

/** An id's bytes where the tracer drew it: the encoder copies them in place of decoding the hex. */
export interface IdBytes {
  readonly bytes: Uint8Array
  /** Where the id starts in `bytes`. */
  readonly at: number
}

/** The bytes of a span's ids, each null where there is only its hex (a caller's trace or parent id). */
export interface SpanIdBytes {
  readonly traceIdBytes: IdBytes | null
  readonly spanIdBytes: IdBytes | null
  readonly parentIdBytes: IdBytes | null
}

/** Takes a span's attributes one by one, in order: the encoder, or a FinishedSpan's list (FinishedSpan.of). */
export interface AttributeSink {
  attribute(name: string, value: AttributeValue | undefined): void
}

/**
 * A finished span as the export reads it. The request path's spans are one themselves: they write
 * their attributes from what they kept when the export asks, with no list or copy made per span
 * (FinishedSpan.of makes one for the official exporter).
 */
export interface ExportedSpan {
  readonly name: string
  readonly kind: SpanKind
  readonly context: SpanContext
  /** The parent's context (remote for a caller's `traceparent`); undefined for a root span. */
  readonly parentSpanContext: SpanContext | undefined
  /** performance.now() at start and end. */
  readonly startMs: number
  readonly endMs: number
  readonly failed: boolean
  /** The ids' bytes, where kept beside the context's hex. */
  readonly idBytes: SpanIdBytes
  writeAttributes(sink: AttributeSink): void
}

const HEX_ONLY: SpanIdBytes = { traceIdBytes: null, spanIdBytes: null, parentIdBytes: null }
const NOTHING: never[] = []
const UNSET = { code: SpanStatusCode.UNSET }
const ERROR = { code: SpanStatusCode.ERROR }

/** A finished span with its attributes in a list, in the form the official OTLP exporter reads. */
export class FinishedSpan implements ReadableSpan, ExportedSpan {
  /** `span` as a FinishedSpan: itself when it is one. */
  static of(origin: SpanOrigin, span: ExportedSpan): FinishedSpan {
    if (span instanceof FinishedSpan) return span
    const list: AttributeList = []
    span.writeAttributes({ attribute: (name, value) => void list.push(name, value) })
    const { name, kind, context, parentSpanContext, startMs, endMs, failed, idBytes } = span
    return new FinishedSpan(origin, name, kind, context, parentSpanContext, startMs, endMs, list, failed, idBytes)
  }

  constructor(
    readonly origin: SpanOrigin,
    readonly name: string,
    readonly kind: SpanKind,
    readonly context: SpanContext,
    /** The parent's context (remote for a caller's `traceparent`); undefined for a root span. */
    readonly parentSpanContext: SpanContext | undefined,
    /** performance.now() at start and end. */
    readonly startMs: number,
    readonly endMs: number,
    readonly attributeList: AttributeList,
    readonly failed: boolean,
    /** The ids' bytes, where kept beside the context's hex. */
    readonly idBytes: SpanIdBytes = HEX_ONLY,
  ) {}

  writeAttributes(sink: AttributeSink): void {
    writeAttributeList(this.attributeList, sink)
  }

  /** The attributes as an object, for the official exporter. */
  get attributes(): Attributes {
    const attributes: Attributes = {}
    writeAttributeList(this.attributeList, { attribute: (name, value) => void (attributes[name] = value) })
    return attributes
  }

  spanContext(): SpanContext {
    return this.context
  }

  get startTime(): HrTime {
    return epochHrTime(this.startMs)
  }

  get endTime(): HrTime {
    return epochHrTime(this.endMs)
  }

  get duration(): HrTime {
    return hrTimeOf(this.endMs - this.startMs)
  }

  get status(): { code: SpanStatusCode } {
    return this.failed ? ERROR : UNSET
  }

  get resource(): Resource {
    return this.origin.resource
  }

  get instrumentationScope(): InstrumentationScope {
    return this.origin.instrumentationScope
  }

  get ended(): boolean {
    return true
  }

  get links(): never[] {
    return NOTHING
  }

  get events(): never[] {
    return NOTHING
  }

  get droppedAttributesCount(): number {
    return 0
  }

  get droppedEventsCount(): number {
    return 0
  }

  get droppedLinksCount(): number {
    return 0
  }
}

/** Spans on their way to the exporter, as its format holds them. */
export interface SpanBatch {
  /** Spans added so far. */
  readonly size: number
  add(span: ExportedSpan): void
}

/** A batch of ReadableSpans, for the official exporter. */
export class SpanList implements SpanBatch {
  readonly spans: FinishedSpan[] = []

  constructor(readonly origin: SpanOrigin) {}

  get size(): number {
    return this.spans.length
  }

  add(span: ExportedSpan): void {
    this.spans.push(FinishedSpan.of(this.origin, span))
  }
}

/**
 * What the queue fills batches for and hands them to: the official exporter with a SpanList, or the
 * official OTLP/HTTP exporter with batches that the gateway's encoder writes as spans arrive
 * (otlp-protobuf.ts).
 */
export interface BatchExporter<Batch extends SpanBatch> {
  newBatch(): Batch
  export(batch: Batch, resultCallback: (result: ExportResult) => void): void
  shutdown(): Promise<void>
}

/** The queue in front of the exporter. */
export class SpanExport<Batch extends SpanBatch> {
  /** Full batches waiting for their turn, oldest first. */
  #full: Batch[] = []
  /** The batch being filled. */
  #filling: Batch | null = null
  /** Spans in the waiting and the filling batches: what the queue's size bounds. */
  #queued = 0
  #timer: NodeJS.Timeout | null = null
  #exporting: Promise<void> | null = null

  constructor(
    private readonly exporter: BatchExporter<Batch>,
    private readonly settings: BatchSettings,
    private readonly counters: TracingCounters,
  ) {}

  add(span: ExportedSpan): void {
    if (this.#queued >= this.settings.maxQueueSize) {
      this.counters.spansDropped(1)
      return
    }
    const batch = (this.#filling ??= this.exporter.newBatch())
    batch.add(span)
    this.#queued++
    if (batch.size >= this.settings.maxExportBatchSize) {
      this.#full.push(batch)
      this.#filling = null
    }
    if (this.#exporting !== null) return
    if (this.#full.length > 0) this.#exportNext()
    else if (this.#timer === null) {
      this.#timer = setTimeout(() => this.#exportNext(), this.settings.scheduledDelayMillis)
      this.#timer.unref()
    }
  }

  /** Exports every queued span, batch after batch, then stops the exporter. */
  async shutdown(): Promise<void> {
    while (this.#exporting !== null || this.#full.length > 0 || this.#filling !== null) {
      await (this.#exporting ?? this.#exportNext())
    }
    await this.exporter.shutdown()
  }

  /**
   * Sends the oldest full batch, else the one being filled (there is one when this is called); when
   * it is done, the next if a full one waits, else a timer for what is left.
   */
  #exportNext(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    let batch = this.#full.shift()
    if (batch === undefined) {
      batch = this.#filling!
      this.#filling = null
    }
    this.#queued -= batch.size
    const exporting = this.#send(batch).then(() => {
      this.#exporting = null
      if (this.#full.length > 0) this.#exportNext()
      else if (this.#filling !== null) {
        this.#timer = setTimeout(() => this.#exportNext(), this.settings.scheduledDelayMillis)
        this.#timer.unref()
      }
    })
    this.#exporting = exporting
    return exporting
  }

  /** Resolves once the exporter answered or the export timeout passed; a failure is counted (TR6). */
  #send(batch: Batch): Promise<void> {
    const size = batch.size
    return new Promise((resolve) => {
      let settled = false
      const settle = (failed: boolean): void => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (failed) this.counters.exportFailed(size)
        resolve()
      }
      const timer = setTimeout(() => settle(true), this.settings.exportTimeoutMillis)
      timer.unref()
      try {
        this.exporter.export(batch, (result) => settle(result.code !== ExportResultCode.SUCCESS))
      } catch {
        settle(true)
      }
    })
  }
}

/** performance.timeOrigin in whole seconds and the milliseconds past them, split once for precision. */
const ORIGIN_SECONDS = Math.floor(performance.timeOrigin / 1000)
const ORIGIN_MS = performance.timeOrigin - ORIGIN_SECONDS * 1000

/** A performance.now() reading as seconds and nanoseconds since the epoch. */
function epochHrTime(ms: number): HrTime {
  return [epochSeconds(ms), epochNanosPart(ms)]
}

/** The seconds of epochHrTime(ms), for the encoder, which writes the time without the pair. */
export function epochSeconds(ms: number): number {
  return ORIGIN_SECONDS + secondsOf(ORIGIN_MS + ms)
}

/** The nanoseconds of epochHrTime(ms). */
export function epochNanosPart(ms: number): number {
  return nanosOf(ORIGIN_MS + ms)
}

/** Milliseconds as whole seconds and nanoseconds. */
function hrTimeOf(ms: number): HrTime {
  return [secondsOf(ms), nanosOf(ms)]
}

/** The whole seconds of `ms`, one more when its nanoseconds round up to a full second. */
function secondsOf(ms: number): number {
  const seconds = Math.floor(ms / 1000)
  return Math.round((ms - seconds * 1000) * 1e6) >= 1e9 ? seconds + 1 : seconds
}

/** The nanoseconds of `ms` past secondsOf(ms). */
function nanosOf(ms: number): number {
  const nanos = Math.round((ms - Math.floor(ms / 1000) * 1000) * 1e6)
  return nanos >= 1e9 ? nanos - 1e9 : nanos
}
