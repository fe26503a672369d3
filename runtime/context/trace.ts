/**
 * What the request pipeline, flows and upstream calls see of tracing (operations.md TR1-TR8): spans of
 * one request's trace, made by the gateway's tracer (runtime/tracing, OpenTelemetry, loaded only when
 * tracing is on). With tracing off there is no tracer and every span reference is null, so nothing is
 * made per request.
 */

import type { TraceIds } from '../log/trace-ids.js'

/** The ids a log line of the request carries (TR7). */
export type SpanIds = TraceIds

/** Attribute values a span accepts. */
export type SpanAttributes = Readonly<Record<string, string | number | boolean | undefined>>

/** A span that parents others: the request's server span, or a step's span while the step runs. */
export interface ParentSpan extends SpanIds {
  /** A client span for one upstream attempt (TR4), started now. */
  startClient(attempt: ClientAttempt): ClientSpan
  /** An internal span for a costly step (TR5: sub-flows, `xslt`, validation), started now. */
  startStep(name: string, attributes: SpanAttributes): StepSpan
}

/** One attempt of an upstream call, as its client span describes it. */
export interface ClientAttempt {
  readonly method: string
  /** The URL asked, on the target actually called (a pool's target, UP-POOL-2). */
  readonly url: string
  readonly host: string
  readonly port: number
  /** 0 for the first attempt; `http.request.resend_count` of a retry (UP-POOL-5). */
  readonly attempt: number
}

/** How an upstream attempt ended: the status of its answer, or the kind of its failure. */
export interface ClientEnd {
  /** 0 when no answer came. */
  readonly status: number
  /** The failure's `errorName` (UP-LOG-1) when the attempt failed; null when it was answered. */
  readonly failure: string | null
  /** performance.now() when the attempt started and ended, as its `svc_request` line times it. */
  readonly startMs: number
  readonly endMs: number
}

export interface ClientSpan extends SpanIds {
  /** The fields that carry this span's context to the upstream (W3C `traceparent`, `tracestate`). */
  readonly fields: readonly (readonly [string, string])[]
  end(result: ClientEnd): void
}

export interface StepSpan extends ParentSpan {
  /** Ends the span; an error marks it failed, with the gateway's error code when it has one. */
  end(error: unknown): void
}
