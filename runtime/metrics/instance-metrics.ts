/**
 * Metrics for the whole instance (operations.md HL7): with SVC_WORKERS > 1 each worker counts its own
 * requests, and a scrape reaches one worker, so the worker that answers asks the primary, which
 * gathers every worker's counters over the cluster's IPC channel and hands them back; the worker sums
 * them (histograms bucket by bucket, prom-client's aggregation for the process metrics) and renders
 * the sum. A worker that does not answer within COLLECT_TIMEOUT_MS is left out, so a scrape never
 * hangs on a dying worker.
 */
import {
  type BreakerState,
  type BuildInfo,
  GatewayMetrics,
  type MetricsData,
  type MetricsSnapshot,
} from './gateway-metrics.js'
import type { ProcessMetrics, ProcessMetricsData } from './process-metrics.js'

/** One process's counters: the gateway's and, where loaded, the process's own. */
export interface WorkerCounters {
  readonly gateway: MetricsData
  readonly process: ProcessMetricsData | null
}

/** How long the primary waits for the workers' counters. */
export const COLLECT_TIMEOUT_MS = 1000

/** A worker's side of the IPC channel to its primary (process.send and process.on('message')). */
export interface WorkerChannel {
  send(message: unknown): void
  on(event: 'message', listener: (message: unknown) => void): void
}

interface Ask {
  readonly svc: 'metrics-ask'
  readonly id: number
}
interface Collect {
  readonly svc: 'metrics-collect'
  readonly id: number
}
interface Counters {
  readonly svc: 'metrics-counters'
  readonly id: number
  readonly data: WorkerCounters
}
interface Gathered {
  readonly svc: 'metrics-gathered'
  readonly id: number
  readonly workers: readonly WorkerCounters[]
}

function isMessage<T extends { svc: string }>(message: unknown, svc: T['svc']): message is T {
  return typeof message === 'object' && message !== null && (message as { svc?: unknown }).svc === svc
}

/** A worker's end: answers the primary's collections and asks for the instance's counters. */
export class WorkerMetricsLink {
  #next = 1
  readonly #waiting = new Map<number, (workers: readonly WorkerCounters[]) => void>()

  constructor(
    readonly channel: WorkerChannel,
    /** This worker's counters now. */
    readonly own: () => Promise<WorkerCounters>,
  ) {
    channel.on('message', (message) => {
      if (isMessage<Collect>(message, 'metrics-collect')) {
        const id = message.id
        void this.own().then((data) => {
          const reply: Counters = { svc: 'metrics-counters', id, data }
          channel.send(reply)
        })
      } else if (isMessage<Gathered>(message, 'metrics-gathered')) {
        const resolve = this.#waiting.get(message.id)
        this.#waiting.delete(message.id)
        resolve?.(message.workers)
      }
    })
  }

  /** Every worker's counters (this one's alone when the primary does not answer in time). */
  gather(): Promise<readonly WorkerCounters[]> {
    const id = this.#next++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id)
        void this.own().then((own) => resolve([own]))
      }, 2 * COLLECT_TIMEOUT_MS)
      this.#waiting.set(id, (workers) => {
        clearTimeout(timer)
        resolve(workers)
      })
      const ask: Ask = { svc: 'metrics-ask', id }
      this.channel.send(ask)
    })
  }
}

/** What the primary needs of one worker. */
export interface WorkerEnd {
  readonly id: number
  send(message: unknown): void
}

/**
 * The primary's end: on a worker's ask, collects every live worker's counters and sends them to the
 * asking worker. `message` is called with each IPC message a worker sends.
 */
export class PrimaryMetricsGatherer {
  #next = 1

  constructor(readonly workers: () => readonly WorkerEnd[]) {}

  /** Handles `message` from `from`; false when it is not a metrics message. */
  message(from: WorkerEnd, message: unknown): boolean {
    if (isMessage<Ask>(message, 'metrics-ask')) {
      void this.#collect().then((workers) => {
        const gathered: Gathered = { svc: 'metrics-gathered', id: message.id, workers }
        from.send(gathered)
      })
      return true
    }
    if (isMessage<Counters>(message, 'metrics-counters')) {
      this.#pending.get(message.id)?.(from.id, message.data)
      return true
    }
    return false
  }

  readonly #pending = new Map<number, (worker: number, data: WorkerCounters) => void>()

  #collect(): Promise<readonly WorkerCounters[]> {
    const id = this.#next++
    const workers = this.workers()
    const received = new Map<number, WorkerCounters>()
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.#pending.delete(id)
        resolve([...received.values()])
      }
      const timer = setTimeout(done, COLLECT_TIMEOUT_MS)
      this.#pending.set(id, (worker, data) => {
        received.set(worker, data)
        if (received.size >= workers.length) done()
      })
      const collect: Collect = { svc: 'metrics-collect', id }
      for (const worker of workers) worker.send(collect)
      if (workers.length === 0) done()
    })
  }
}

/**
 * What the status endpoints read (HL4, HL7): this gateway's counters, or with a link to the primary
 * every worker's summed.
 */
export class InstanceMetrics {
  /** prom-client's default metrics once loaded (Gateway.prepare); null before or without. */
  process: ProcessMetrics | null = null
  /** The circuit breakers' states now (the gateway's upstream services); none when unset. */
  breakers: () => readonly BreakerState[] = () => []
  #link: WorkerMetricsLink | null = null

  constructor(readonly own: GatewayMetrics) {}

  /** A worker of SVC_WORKERS: answers the primary's collections and sums every worker's counters. */
  linkTo(channel: WorkerChannel): void {
    this.#link = new WorkerMetricsLink(channel, () => this.counters())
  }

  /** This process's counters. */
  async counters(): Promise<WorkerCounters> {
    const process = this.process === null ? null : await this.process.data()
    return { gateway: this.own.toData(this.breakers()), process }
  }

  /** The Prometheus text of the instance. */
  async render(build: BuildInfo): Promise<string> {
    const all = await this.#gather()
    const text = this.#sum(all).render(build)
    const process = this.process
    if (process === null) return text
    const data = all.map((counters) => counters.process).filter((entry) => entry !== null)
    return text + (await process.render(data.length === 0 ? [await process.data()] : data))
  }

  /** The status document's numbers for the instance. */
  async snapshot(): Promise<MetricsSnapshot> {
    return this.#sum(await this.#gather()).snapshot()
  }

  #gather(): Promise<readonly WorkerCounters[]> {
    return this.#link === null ? this.counters().then((own) => [own]) : this.#link.gather()
  }

  /** The counters summed, with this gateway's uptime. */
  #sum(all: readonly WorkerCounters[]): GatewayMetrics {
    const sum = new GatewayMetrics(this.own.startedAt)
    for (const counters of all) sum.add(counters.gateway)
    return sum
  }
}
