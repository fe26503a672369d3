/**
 * Hands the request path's finished spans to the OpenTelemetry SDK in batches (operations.md TR6).
 *
 * Why not start SDK spans while the request runs: measured on the referee's proxy route, the SDK's
 * span code interleaved with the rest of a request cost ~30 µs per request (two spans), while the
 * same work done back to back for a batch of requests cost ~10 µs per request: between two requests
 * the rest of the gateway evicts the SDK's code and data from the CPU caches. So a request records
 * plain facts (ids, times, attributes) and this recorder replays them into the SDK, once per batch,
 * outside any request: `startSpan` with the recorded start time and parent, `end` with the recorded
 * end time. The SDK takes the ids the request already used (in `traceparent` and the log lines)
 * through its public IdGenerator interface.
 */
import {
  type Attributes,
  ROOT_CONTEXT,
  type SpanContext,
  type SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api'
import type { IdGenerator } from '@opentelemetry/sdk-trace'

/** A span as the request path finished it. */
export interface FinishedSpan {
  readonly name: string
  readonly kind: SpanKind
  readonly traceId: string
  readonly spanId: string
  /** The parent's context (remote for a caller's `traceparent`), or null for a root span. */
  readonly parent: SpanContext | null
  /** performance.now() at start and end. */
  readonly start: number
  readonly end: number
  readonly attributes: Attributes
  readonly failed: boolean
}

/** Spans replayed at once when this many are waiting; fewer wait at most REPLAY_DELAY_MS. */
const REPLAY_BATCH = 256
const REPLAY_DELAY_MS = 100

/**
 * The ids of the span being replayed: the SDK asks its IdGenerator for a span id (and a trace id for
 * a root span) in every startSpan.
 */
export class RecordedIds implements IdGenerator {
  next: FinishedSpan | null = null

  generateTraceId(): string {
    return this.next!.traceId
  }

  generateSpanId(): string {
    return this.next!.spanId
  }
}

export class SpanReplay {
  #pending: FinishedSpan[] = []
  #timer: NodeJS.Timeout | null = null
  #immediate: NodeJS.Immediate | null = null

  constructor(
    private readonly tracer: Tracer,
    private readonly ids: RecordedIds,
    /** Spans held at most; more are dropped and counted (TR6). */
    private readonly capacity: number,
    private readonly dropped: (count: number) => void,
  ) {}

  add(span: FinishedSpan): void {
    const pending = this.#pending
    if (pending.length >= this.capacity) {
      this.dropped(1)
      return
    }
    pending.push(span)
    if (pending.length >= REPLAY_BATCH) {
      this.#immediate ??= setImmediate(() => this.replay())
    } else if (this.#timer === null) {
      this.#timer = setTimeout(() => this.replay(), REPLAY_DELAY_MS)
      this.#timer.unref()
    }
  }

  /** Hands every waiting span to the SDK now. */
  replay(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    if (this.#immediate !== null) clearImmediate(this.#immediate)
    this.#timer = null
    this.#immediate = null
    const spans = this.#pending
    this.#pending = []
    for (const recorded of spans) {
      this.ids.next = recorded
      const parent = recorded.parent === null ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, recorded.parent)
      const span = this.tracer.startSpan(
        recorded.name,
        { kind: recorded.kind, attributes: recorded.attributes, startTime: recorded.start },
        parent,
      )
      if (recorded.failed) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end(recorded.end)
    }
    this.ids.next = null
  }
}
