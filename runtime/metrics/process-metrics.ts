/**
 * The process's own metrics, as Prometheus' Node client names them (operations.md HL7): `process_*`
 * (CPU, memory, file descriptors, start time) and `nodejs_*` (event-loop lag, heap, GC durations,
 * active handles and resources, version), from prom-client's default metrics. They cost no work per
 * request: values are read when a scrape asks, GC durations come from a PerformanceObserver and the
 * event-loop lag from Node's own delay histogram. prom-client is loaded only where metrics are kept
 * (SVC_STATUS_AUTH or SVC_ADMIN_PORT). With SVC_WORKERS, prom-client's aggregation sums the workers'
 * values (and takes the mean, minimum or first where a sum means nothing: lag, start time, version).
 */
import type { Registry } from 'prom-client'

/** One process's default metrics as prom-client writes them for aggregation. */
export type ProcessMetricsData = readonly unknown[]

export class ProcessMetrics {
  constructor(
    readonly registry: Registry,
    /** prom-client's AggregatorRegistry.aggregate. */
    readonly aggregate: (data: ProcessMetricsData[]) => Registry,
  ) {}

  /** Loads prom-client and starts collecting (GC observer, event-loop delay monitor). */
  static async start(): Promise<ProcessMetrics> {
    const { AggregatorRegistry, Registry, collectDefaultMetrics } = await import('prom-client')
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    return new ProcessMetrics(registry, (data) => AggregatorRegistry.aggregate(data as never))
  }

  /** This process's values now, as plain data. */
  data(): Promise<ProcessMetricsData> {
    return this.registry.getMetricsAsJSON()
  }

  /** The Prometheus text of one process's values, or of several processes' summed. */
  async render(data: readonly ProcessMetricsData[]): Promise<string> {
    return data.length === 1 ? this.registry.metrics() : this.aggregate([...data]).metrics()
  }
}
