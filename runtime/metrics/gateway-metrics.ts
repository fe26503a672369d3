/**
 * The counters of one gateway (operations.md HL4), kept in memory per process and read by
 * `/_svc/status` and `/_svc/metrics`:
 *
 * - client requests: `svc_requests_total{status}`, `svc_request_duration_seconds` (HL4), and, per
 *   route pattern and status, `svc_route_request_duration_seconds{route,status}` (its `_count` is the
 *   request count of that route and status); `svc_requests_in_flight`; `svc_errors_total{code}`;
 * - upstream exchanges: `svc_upstream_requests_total{status}` (`0` for failures, HL4),
 *   `svc_upstream_duration_seconds{origin}`, `svc_upstream_cache_hits_total{origin}`;
 * - `svc_store_errors_total{store}`: failed or timed-out calls of a shared store (`redis`, rate-limits.md RL8);
 * - with tracing on (operations.md TR6): `svc_trace_spans_dropped_total` (the export queue was full) and
 *   `svc_trace_export_failures_total` (spans whose export failed);
 * - `svc_uptime_seconds`.
 *
 * Per request this costs two map lookups, two counter increments and two short bucket searches.
 * Decided: a request that matched no route has the route label `""`; the reserved endpoints are not
 * counted; with SVC_WORKERS each worker process counts its own requests.
 */
import { Histogram } from './histogram.js'
import { MetricsText } from './prometheus-text.js'

class RouteSeries {
  readonly byStatus = new Map<number, Histogram>()
}

export interface MetricsSnapshot {
  readonly uptime: number
  readonly requests: { readonly total: number; readonly inFlight: number }
  readonly upstream: { readonly total: number; readonly failed: number }
}

export class GatewayMetrics {
  readonly #startedAt: number
  inFlight = 0
  #total = 0
  readonly #byStatus = new Map<number, number>()
  readonly #duration = new Histogram()
  readonly #routes = new Map<string, RouteSeries>()
  readonly #errors = new Map<number, number>()
  #upstreamTotal = 0
  #upstreamFailed = 0
  readonly #upstreamByStatus = new Map<number, number>()
  readonly #upstreamDuration = new Map<string, Histogram>()
  readonly #cacheHits = new Map<string, number>()
  readonly #storeErrors = new Map<string, number>()
  #spansDropped = 0
  #exportFailures = 0
  #tracing = false

  constructor(startedAt: number = performance.now()) {
    this.#startedAt = startedAt
  }

  /** A client request began (the in-flight gauge). */
  requestStarted(): void {
    this.inFlight++
  }

  /** A client request ended; `counted` is false for the reserved endpoints (not counted, HL1). */
  requestEnded(counted: boolean, route: string, status: number, seconds: number, errorCode: number | undefined): void {
    this.inFlight--
    if (!counted) return
    this.#total++
    this.#byStatus.set(status, (this.#byStatus.get(status) ?? 0) + 1)
    this.#duration.observe(seconds)
    let series = this.#routes.get(route)
    if (series === undefined) this.#routes.set(route, (series = new RouteSeries()))
    let histogram = series.byStatus.get(status)
    if (histogram === undefined) series.byStatus.set(status, (histogram = new Histogram()))
    histogram.observe(seconds)
    if (errorCode !== undefined) this.#errors.set(errorCode, (this.#errors.get(errorCode) ?? 0) + 1)
  }

  /** An upstream exchange ended (one `svc_request` line, LG5); status 0 when it failed. */
  upstreamEnded(origin: string, status: number, seconds: number, cacheHit: boolean): void {
    this.#upstreamTotal++
    if (status === 0) this.#upstreamFailed++
    this.#upstreamByStatus.set(status, (this.#upstreamByStatus.get(status) ?? 0) + 1)
    let histogram = this.#upstreamDuration.get(origin)
    if (histogram === undefined) this.#upstreamDuration.set(origin, (histogram = new Histogram()))
    histogram.observe(seconds)
    if (cacheHit) this.#cacheHits.set(origin, (this.#cacheHits.get(origin) ?? 0) + 1)
  }

  /** A call to a shared store failed or timed out (rate-limits.md RL8). */
  storeError(store: string): void {
    this.#storeErrors.set(store, (this.#storeErrors.get(store) ?? 0) + 1)
  }

  /** Tracing is on: its counters are written (operations.md TR6). */
  traceCounters(): { spansDropped(count: number): void; exportFailed(count: number): void } {
    this.#tracing = true
    return {
      spansDropped: (count) => void (this.#spansDropped += count),
      exportFailed: (count) => void (this.#exportFailures += count),
    }
  }

  /** Seconds since the gateway was created. */
  uptime(): number {
    return (performance.now() - this.#startedAt) / 1000
  }

  snapshot(): MetricsSnapshot {
    return {
      uptime: this.uptime(),
      requests: { total: this.#total, inFlight: this.inFlight },
      upstream: { total: this.#upstreamTotal, failed: this.#upstreamFailed },
    }
  }

  /** The Prometheus text (HL4). */
  render(): string {
    const out = new MetricsText()
    out.header('svc_requests_total', 'counter', 'Client requests by response status.')
    for (const [status, count] of sorted(this.#byStatus))
      out.sample('svc_requests_total', [['status', String(status)]], count)
    out.header('svc_request_duration_seconds', 'histogram', 'Seconds from arrival to the last byte sent.')
    out.histogram('svc_request_duration_seconds', [], this.#duration)
    out.header(
      'svc_route_request_duration_seconds',
      'histogram',
      'Request duration by route pattern and response status.',
    )
    for (const [route, series] of sorted(this.#routes)) {
      for (const [status, histogram] of sorted(series.byStatus)) {
        out.histogram(
          'svc_route_request_duration_seconds',
          [
            ['route', route],
            ['status', String(status)],
          ],
          histogram,
        )
      }
    }
    out.header('svc_requests_in_flight', 'gauge', 'Client requests being processed.')
    out.sample('svc_requests_in_flight', [], this.inFlight)
    out.header('svc_upstream_requests_total', 'counter', 'Upstream exchanges by status (0: failed).')
    for (const [status, count] of sorted(this.#upstreamByStatus))
      out.sample('svc_upstream_requests_total', [['status', String(status)]], count)
    out.header('svc_upstream_duration_seconds', 'histogram', 'Upstream exchange duration by origin.')
    for (const [origin, histogram] of sorted(this.#upstreamDuration))
      out.histogram('svc_upstream_duration_seconds', [['origin', origin]], histogram)
    out.header('svc_upstream_cache_hits_total', 'counter', 'Upstream responses served from the cache, by origin.')
    for (const [origin, count] of sorted(this.#cacheHits))
      out.sample('svc_upstream_cache_hits_total', [['origin', origin]], count)
    out.header('svc_errors_total', 'counter', 'Raised errors that determined a response, by error code.')
    for (const [code, count] of sorted(this.#errors)) out.sample('svc_errors_total', [['code', String(code)]], count)
    out.header('svc_store_errors_total', 'counter', 'Failed or timed-out calls of a shared store, by store.')
    for (const [store, count] of sorted(this.#storeErrors))
      out.sample('svc_store_errors_total', [['store', store]], count)
    if (this.#tracing) {
      out.header('svc_trace_spans_dropped_total', 'counter', 'Spans dropped because the export queue was full.')
      out.sample('svc_trace_spans_dropped_total', [], this.#spansDropped)
      out.header('svc_trace_export_failures_total', 'counter', 'Spans whose export to the collector failed.')
      out.sample('svc_trace_export_failures_total', [], this.#exportFailures)
    }
    out.header('svc_uptime_seconds', 'gauge', 'Seconds since the server started.')
    out.sample('svc_uptime_seconds', [], Math.round(this.uptime() * 1000) / 1000)
    return out.toString()
  }
}

function sorted<K extends string | number, V>(map: ReadonlyMap<K, V>): [K, V][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
