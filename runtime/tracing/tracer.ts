/**
 * The gateway's tracer (operations.md TR1-TR8) as the request pipeline sees it; the OpenTelemetry
 * implementation is otel-tracer.ts, loaded by load-tracer.ts.
 */
import type { ParentSpan } from '../context/trace.js'
import type { TracingConfig } from './config.js'
import type { CollectorConnector } from './otlp-transport.js'

/** What a server span is made from (TR3); `header` reads the incoming trace context (TR2). */
export interface ServerRequest {
  readonly method: string
  readonly scheme: string
  readonly path: string
  readonly query: string | null
  readonly host: string
  readonly port: number | null
  readonly clientAddress: string
  readonly userAgent: string | undefined
  readonly httpVersion: string
  readonly requestId: string
  /** performance.now() when the exchange began (its access line's `realtime` counts from there). */
  readonly startMs: number
  header(name: string): string | undefined
}

/** The request's server span (TR3). */
export interface ServerSpan extends ParentSpan {
  /** The matched route pattern (PL5): the span's name and `http.route`. */
  route(pattern: string): void
  /**
   * Ends the span at `endMs` (performance.now()) with the answer's status and the error code that
   * decided it (X19), or as aborted when the client went away first (F-EXEC-8).
   */
  end(status: number, errorCode: number | undefined, aborted: boolean, endMs: number): void
}

/** Counts what tracing loses (TR6), into the gateway's metrics. */
export interface TracingCounters {
  spansDropped(count: number): void
  exportFailed(count: number): void
}

export interface GatewayTracer {
  startServer(request: ServerRequest): ServerSpan
  /** Exports what is queued (CL10), for at most the flush timeout, and stops. */
  shutdown(): Promise<void>
}

export interface TracerOptions {
  readonly config: TracingConfig
  /** The build's version: resource `service.version`. */
  readonly version: string
  readonly counters: TracingCounters
  /** How long the flush on shutdown may take at most (the export timeout, and SVC_SHUTDOWN_TIMEOUT). */
  readonly flushTimeoutMs: number
  /** The gateway's HTTP client, for posts to a collector at an `http:` URL (otlp-transport.ts). */
  readonly collector: CollectorConnector
}
