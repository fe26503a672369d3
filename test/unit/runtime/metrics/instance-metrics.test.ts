/**
 * Metrics for the whole instance (docs/spec/operations.md HL7): a worker's scrape asks the primary,
 * the primary collects every worker's counters and hands them back, the asking worker sums them; a
 * worker that does not answer is left out after the primary's timeout. The IPC channels are in-memory
 * stand-ins with node:cluster's message semantics (asynchronous delivery).
 */
import { describe, expect, it } from 'vitest'

import { GatewayMetrics } from '../../../../runtime/metrics/gateway-metrics.js'
import {
  InstanceMetrics,
  PrimaryMetricsGatherer,
  type WorkerChannel,
  type WorkerEnd,
} from '../../../../runtime/metrics/instance-metrics.js'
import { parsePrometheusText } from '../health/prometheus-parse.js'

/** A worker process as the primary and the worker see it, wired through `primary`. */
class FakeWorker implements WorkerChannel {
  readonly #listeners: ((message: unknown) => void)[] = []
  readonly metrics = new GatewayMetrics()
  readonly instance = new InstanceMetrics(this.metrics)

  constructor(
    readonly id: number,
    readonly primary: () => PrimaryMetricsGatherer,
    /** A worker that never answers the primary. */
    readonly silent = false,
  ) {
    this.end = { id, send: (message) => this.deliver(message) }
    this.instance.linkTo(this)
  }

  /** The worker as the primary sees it: its messages reach this worker's listeners. */
  readonly end: WorkerEnd

  /** Worker to primary. */
  send(message: unknown): void {
    setImmediate(() => this.primary().message(this.end, structuredClone(message)))
  }

  on(_event: 'message', listener: (message: unknown) => void): void {
    this.#listeners.push(listener)
  }

  /** Primary to worker. */
  deliver(message: unknown): void {
    if (this.silent) return
    setImmediate(() => {
      for (const listener of this.#listeners) listener(structuredClone(message))
    })
  }
}

function cluster(count: number, silent: number[] = []) {
  const workers: FakeWorker[] = []
  const gatherer = new PrimaryMetricsGatherer(() => workers.map((worker) => worker.end))
  for (let id = 1; id <= count; id++) workers.push(new FakeWorker(id, () => gatherer, silent.includes(id)))
  return workers
}

const BUILD = { version: '1.0.0', revision: 'abc' }

function served(worker: FakeWorker, requests: number): void {
  for (let i = 0; i < requests; i++) {
    worker.metrics.requestStarted()
    worker.metrics.requestEnded(true, '/a', 200, 0.002, undefined)
  }
}

describe('HL7 metrics for the whole instance', () => {
  it('a scrape on any worker reads the sum of all workers', async () => {
    const [first, second, third] = cluster(3)
    served(first!, 2)
    served(second!, 5)
    served(third!, 1)
    for (const worker of [first!, second!, third!]) {
      const parsed = parsePrometheusText(await worker.instance.render(BUILD))
      expect(parsed.value('svc_requests_total', { status: '200' })).toBe(8)
      expect((await worker.instance.snapshot()).requests.total).toBe(8)
    }
  })

  it('a worker that does not answer is left out after the timeout; the scrape still answers', async () => {
    const [first, second] = cluster(2, [2])
    served(first!, 3)
    served(second!, 4)
    const started = performance.now()
    const parsed = parsePrometheusText(await first!.instance.render(BUILD))
    expect(parsed.value('svc_requests_total', { status: '200' })).toBe(3)
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('without a link to a primary, the gateway reads its own counters', async () => {
    const metrics = new GatewayMetrics()
    metrics.requestStarted()
    metrics.requestEnded(true, '/a', 503, 0.01, 3103)
    const parsed = parsePrometheusText(await new InstanceMetrics(metrics).render(BUILD))
    expect(parsed.value('svc_requests_total', { status: '503' })).toBe(1)
    expect(parsed.value('svc_errors_total', { code: '3103' })).toBe(1)
  })
})
