/**
 * Finished spans and their export in batches (operations.md TR6).
 *
 * Why the exporter gets the request path's records and not the SDK's spans: measured on the referee's
 * proxy route, starting and ending SDK spans (even replayed in batches, outside any request) and its
 * BatchSpanProcessor cost ~12 µs per request of two spans, while the OTLP exporter needs nothing but
 * the facts of its `ReadableSpan` interface, which a request has already recorded. So a finished span
 * is one small object that is a ReadableSpan itself (times turned into HrTime only when serialized),
 * and this queue hands batches of them to the official exporter, one export at a time, with the batch
 * processor's settings (`OTEL_BSP_*`): a bounded queue whose overflow is dropped and counted, a batch
 * sent when full or after the schedule delay, and a timeout per export.
 */
import { type Attributes, type HrTime, type SpanContext, type SpanKind, SpanStatusCode } from '@opentelemetry/api'
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

const NOTHING: never[] = []
const UNSET = { code: SpanStatusCode.UNSET }
const ERROR = { code: SpanStatusCode.ERROR }

/** A span as the request path finished it, in the form the OTLP exporter reads. */
export class FinishedSpan implements ReadableSpan {
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
    readonly attributes: Attributes,
    readonly failed: boolean,
  ) {}

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

/**
 * What the queue hands batches to: the official exporter (`SpanExporter`), or the official OTLP/HTTP
 * exporter with the gateway's encoder, whose serializer reads FinishedSpans only (otlp-protobuf.ts).
 */
export interface FinishedSpanExporter {
  export(spans: FinishedSpan[], resultCallback: (result: ExportResult) => void): void
  shutdown(): Promise<void>
}

/** The queue in front of the exporter. */
export class SpanExport {
  #pending: FinishedSpan[] = []
  #timer: NodeJS.Timeout | null = null
  #exporting: Promise<void> | null = null

  constructor(
    private readonly exporter: FinishedSpanExporter,
    private readonly settings: BatchSettings,
    private readonly counters: TracingCounters,
  ) {}

  add(span: FinishedSpan): void {
    const pending = this.#pending
    if (pending.length >= this.settings.maxQueueSize) {
      this.counters.spansDropped(1)
      return
    }
    pending.push(span)
    if (this.#exporting !== null) return
    if (pending.length >= this.settings.maxExportBatchSize) this.#exportNext()
    else if (this.#timer === null) {
      this.#timer = setTimeout(() => this.#exportNext(), this.settings.scheduledDelayMillis)
      this.#timer.unref()
    }
  }

  /** Exports every queued span, batch after batch, then stops the exporter. */
  async shutdown(): Promise<void> {
    while (this.#exporting !== null || this.#pending.length > 0) await (this.#exporting ?? this.#exportNext())
    await this.exporter.shutdown()
  }

  /** Sends one batch; when it is done, the next if a full one waits, else a timer for what is left. */
  #exportNext(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    const batch = this.#pending.splice(0, this.settings.maxExportBatchSize)
    const exporting = this.#send(batch).then(() => {
      this.#exporting = null
      const left = this.#pending.length
      if (left >= this.settings.maxExportBatchSize) this.#exportNext()
      else if (left > 0) {
        this.#timer = setTimeout(() => this.#exportNext(), this.settings.scheduledDelayMillis)
        this.#timer.unref()
      }
    })
    this.#exporting = exporting
    return exporting
  }

  /** Resolves once the exporter answered or the export timeout passed; a failure is counted (TR6). */
  #send(batch: FinishedSpan[]): Promise<void> {
    return new Promise((resolve) => {
      let settled = false
      const settle = (failed: boolean): void => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (failed) this.counters.exportFailed(batch.length)
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
  const [seconds, nanos] = hrTimeOf(ORIGIN_MS + ms)
  return [ORIGIN_SECONDS + seconds, nanos]
}

/** Milliseconds as whole seconds and nanoseconds. */
function hrTimeOf(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000)
  const nanos = Math.round((ms - seconds * 1000) * 1e6)
  return nanos >= 1e9 ? [seconds + 1, nanos - 1e9] : [seconds, nanos]
}
