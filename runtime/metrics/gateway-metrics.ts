/**
 * The counters of one gateway (operations.md HL4), kept in memory per process and read by
 * `/_svc/status` and `/_svc/metrics`:
 *
 * - client requests: `svc_requests_total{status}`, `svc_request_duration_seconds` (HL4), and, per
 *   route pattern and status, `svc_route_request_duration_seconds{route,status}` (its `_count` is the
 *   request count of that route and status); `svc_requests_in_flight`; `svc_errors_total{code}`;
 * - upstream exchanges, by origin (a pool's target for a pool, upstream.md UP-POOL-2):
 *   `svc_upstream_requests_total{origin,status}` for the answered ones,
 *   `svc_upstream_failures_total{origin,error}` for the others (`error` the `errorName` of their
 *   `svc_request` line), `svc_upstream_duration_seconds{origin}`, `svc_upstream_cache_hits_total{origin}`;
 * - circuit breakers (upstream.md UP-POOL-4), read when a scrape asks: `svc_upstream_breaker_open{origin}`
 *   (workers whose breaker for the origin or pool target is open now) and
 *   `svc_upstream_breaker_ejections_total{origin}`;
 * - `svc_rate_limited_total{route}`: requests refused by a rate limit (rate-limits.md RL5), by route pattern;
 * - `svc_store_errors_total{store}`: failed or timed-out calls of a shared store (`redis`, rate-limits.md RL8);
 * - with tracing on (operations.md TR6): `svc_trace_spans_dropped_total` (the export queue was full) and
 *   `svc_trace_export_failures_total` (spans whose export failed);
 * - `svc_build_info{version,revision}` (always 1) and `svc_uptime_seconds`.
 *
 * Per request this costs two map lookups, two counter increments and two short bucket searches.
 * Decided: a request that matched no route has the route label `""`; the reserved endpoints are not
 * counted. With SVC_WORKERS each worker counts its own requests, and a scrape sums every worker's
 * (`toData`, `add`; instance-metrics.ts, HL7).
 */
import { Histogram, type HistogramData } from './histogram.js'
import { MetricsText } from './prometheus-text.js'

export interface MetricsSnapshot {
  readonly uptime: number
  readonly requests: { readonly total: number; readonly inFlight: number }
  readonly upstream: { readonly total: number; readonly failed: number }
}

/** The build a scrape describes (`svc_build_info`). */
export interface BuildInfo {
  readonly version: string
  readonly revision: string
}

type Entries<K, V> = readonly (readonly [K, V])[]

/** A circuit breaker's state (upstream.md UP-POOL-4): `open` 1 while open; ejections since the start. */
export interface BreakerState {
  readonly origin: string
  readonly open: number
  readonly ejections: number
}

/** One gateway's counters as plain data, sent between processes (HL7). */
export interface MetricsData {
  readonly inFlight: number
  readonly total: number
  readonly byStatus: Entries<number, number>
  readonly duration: HistogramData
  readonly routes: Entries<string, Entries<number, HistogramData>>
  readonly errors: Entries<number, number>
  readonly upstreamTotal: number
  readonly upstreamFailed: number
  readonly upstreamRequests: Entries<string, Entries<number, number>>
  readonly upstreamFailures: Entries<string, Entries<string, number>>
  readonly upstreamDuration: Entries<string, HistogramData>
  readonly cacheHits: Entries<string, number>
  readonly rateLimited: Entries<string, number>
  readonly breakers: readonly BreakerState[]
  readonly storeErrors: Entries<string, number>
  readonly spansDropped: number
  readonly exportFailures: number
  readonly tracing: boolean
}

export class GatewayMetrics {
  /** performance.now() when the gateway was created. */
  readonly startedAt: number
  inFlight = 0
  #total = 0
  readonly #byStatus = new Map<number, number>()
  readonly #duration = new Histogram()
  /** Per route pattern, per status. */
  readonly #routes = new Map<string, Map<number, Histogram>>()
  readonly #errors = new Map<number, number>()
  #upstreamTotal = 0
  #upstreamFailed = 0
  /** Per origin, per status. */
  readonly #upstreamRequests = new Map<string, Map<number, number>>()
  /** Per origin, per error name. */
  readonly #upstreamFailures = new Map<string, Map<string, number>>()
  readonly #upstreamDuration = new Map<string, Histogram>()
  readonly #cacheHits = new Map<string, number>()
  readonly #rateLimited = new Map<string, number>()
  /** Summed breaker states of the workers (only in a sum; a live gateway's are read at scrape time). */
  readonly #breakers = new Map<string, { open: number; ejections: number }>()
  readonly #storeErrors = new Map<string, number>()
  #spansDropped = 0
  #exportFailures = 0
  #tracing = false

  constructor(startedAt: number = performance.now()) {
    this.startedAt = startedAt
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
    increment(this.#byStatus, status, 1)
    this.#duration.observe(seconds)
    histogramIn(inner(this.#routes, route), status).observe(seconds)
    if (errorCode !== undefined) increment(this.#errors, errorCode, 1)
  }

  /**
   * An upstream exchange ended (one `svc_request` line, LG5): `status` 0 and the line's `errorName`
   * when it failed.
   */
  upstreamEnded(origin: string, status: number, error: string, seconds: number, cacheHit: boolean): void {
    this.#upstreamTotal++
    if (status === 0) {
      this.#upstreamFailed++
      increment(inner(this.#upstreamFailures, origin), error, 1)
    } else increment(inner(this.#upstreamRequests, origin), status, 1)
    histogramIn(this.#upstreamDuration, origin).observe(seconds)
    if (cacheHit) increment(this.#cacheHits, origin, 1)
  }

  /** A rate limit refused a request to `route` (rate-limits.md RL5). */
  rateLimited(route: string): void {
    increment(this.#rateLimited, route, 1)
  }

  /** A call to a shared store failed or timed out (rate-limits.md RL8). */
  storeError(store: string): void {
    increment(this.#storeErrors, store, 1)
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
    return (performance.now() - this.startedAt) / 1000
  }

  snapshot(): MetricsSnapshot {
    return {
      uptime: this.uptime(),
      requests: { total: this.#total, inFlight: this.inFlight },
      upstream: { total: this.#upstreamTotal, failed: this.#upstreamFailed },
    }
  }

  /** The counters as plain data (HL7), with the breakers' states read now. */
  toData(breakers: readonly BreakerState[] = []): MetricsData {
    return {
      inFlight: this.inFlight,
      total: this.#total,
      byStatus: [...this.#byStatus],
      duration: this.#duration.toData(),
      routes: [...this.#routes].map(([route, series]) => [route, [...series].map(([s, h]) => [s, h.toData()])]),
      errors: [...this.#errors],
      upstreamTotal: this.#upstreamTotal,
      upstreamFailed: this.#upstreamFailed,
      upstreamRequests: [...this.#upstreamRequests].map(([origin, counts]) => [origin, [...counts]]),
      upstreamFailures: [...this.#upstreamFailures].map(([origin, counts]) => [origin, [...counts]]),
      upstreamDuration: [...this.#upstreamDuration].map(([origin, h]) => [origin, h.toData()]),
      cacheHits: [...this.#cacheHits],
      rateLimited: [...this.#rateLimited],
      breakers: [...this.#breakers].map(([origin, state]) => ({ origin, ...state })).concat(breakers),
      storeErrors: [...this.#storeErrors],
      spansDropped: this.#spansDropped,
      exportFailures: this.#exportFailures,
      tracing: this.#tracing,
    }
  }

  /** Adds another gateway's counters (another worker of the instance, HL7). */
  add(data: MetricsData): void {
    this.inFlight += data.inFlight
    this.#total += data.total
    for (const [status, count] of data.byStatus) increment(this.#byStatus, status, count)
    this.#duration.add(data.duration)
    for (const [route, series] of data.routes) {
      const histograms = inner(this.#routes, route)
      for (const [status, histogram] of series) histogramIn(histograms, status).add(histogram)
    }
    for (const [code, count] of data.errors) increment(this.#errors, code, count)
    this.#upstreamTotal += data.upstreamTotal
    this.#upstreamFailed += data.upstreamFailed
    for (const [origin, counts] of data.upstreamRequests)
      for (const [status, count] of counts) increment(inner(this.#upstreamRequests, origin), status, count)
    for (const [origin, counts] of data.upstreamFailures)
      for (const [error, count] of counts) increment(inner(this.#upstreamFailures, origin), error, count)
    for (const [origin, histogram] of data.upstreamDuration) histogramIn(this.#upstreamDuration, origin).add(histogram)
    for (const [origin, count] of data.cacheHits) increment(this.#cacheHits, origin, count)
    for (const [route, count] of data.rateLimited) increment(this.#rateLimited, route, count)
    for (const { origin, open, ejections } of data.breakers) {
      const sum = this.#breakers.get(origin)
      if (sum === undefined) this.#breakers.set(origin, { open, ejections })
      else {
        sum.open += open
        sum.ejections += ejections
      }
    }
    for (const [store, count] of data.storeErrors) increment(this.#storeErrors, store, count)
    this.#spansDropped += data.spansDropped
    this.#exportFailures += data.exportFailures
    this.#tracing ||= data.tracing
  }

  /** The Prometheus text (HL4). */
  render(build: BuildInfo): string {
    const out = new MetricsText()
    out.header('svc_build_info', 'gauge', 'The build: version and revision (always 1).')
    out.sample(
      'svc_build_info',
      [
        ['version', build.version],
        ['revision', build.revision],
      ],
      1,
    )
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
      for (const [status, histogram] of sorted(series)) {
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
    out.header('svc_upstream_requests_total', 'counter', 'Answered upstream exchanges by origin and status.')
    samplesByTwo(out, 'svc_upstream_requests_total', ['origin', 'status'], this.#upstreamRequests)
    out.header('svc_upstream_failures_total', 'counter', 'Upstream exchanges without an answer, by origin and error.')
    samplesByTwo(out, 'svc_upstream_failures_total', ['origin', 'error'], this.#upstreamFailures)
    out.header('svc_upstream_duration_seconds', 'histogram', 'Upstream exchange duration by origin.')
    for (const [origin, histogram] of sorted(this.#upstreamDuration))
      out.histogram('svc_upstream_duration_seconds', [['origin', origin]], histogram)
    out.header('svc_upstream_cache_hits_total', 'counter', 'Upstream responses served from the cache, by origin.')
    for (const [origin, count] of sorted(this.#cacheHits))
      out.sample('svc_upstream_cache_hits_total', [['origin', origin]], count)
    out.header('svc_errors_total', 'counter', 'Raised errors that determined a response, by error code.')
    for (const [code, count] of sorted(this.#errors)) out.sample('svc_errors_total', [['code', String(code)]], count)
    out.header('svc_upstream_breaker_open', 'gauge', 'Workers whose circuit breaker for the origin is open now.')
    for (const [origin, state] of sorted(this.#breakers))
      out.sample('svc_upstream_breaker_open', [['origin', origin]], state.open)
    out.header('svc_upstream_breaker_ejections_total', 'counter', 'Times a circuit breaker opened, by origin.')
    for (const [origin, state] of sorted(this.#breakers))
      out.sample('svc_upstream_breaker_ejections_total', [['origin', origin]], state.ejections)
    out.header('svc_rate_limited_total', 'counter', 'Requests refused by a rate limit, by route pattern.')
    for (const [route, count] of sorted(this.#rateLimited))
      out.sample('svc_rate_limited_total', [['route', route]], count)
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

/** One sample per pair of keys of a two-level map of counts, both levels sorted. */
function samplesByTwo<K extends string | number>(
  out: MetricsText,
  name: string,
  [outer, inner]: readonly [string, string],
  counts: ReadonlyMap<string, ReadonlyMap<K, number>>,
): void {
  for (const [first, byKey] of sorted(counts))
    for (const [second, count] of sorted(byKey))
      out.sample(
        name,
        [
          [outer, first],
          [inner, String(second)],
        ],
        count,
      )
}

function increment<K>(map: Map<K, number>, key: K, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by)
}

function inner<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let found = map.get(key)
  if (found === undefined) map.set(key, (found = new Map()))
  return found
}

function histogramIn<K>(map: Map<K, Histogram>, key: K): Histogram {
  let found = map.get(key)
  if (found === undefined) map.set(key, (found = new Histogram()))
  return found
}

function sorted<K extends string | number, V>(map: ReadonlyMap<K, V>): [K, V][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
