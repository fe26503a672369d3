/**
 * A Prometheus histogram with fixed buckets (operations.md HL4: `svc_request_duration_seconds`,
 * buckets 0.005 … 10): one counter per bucket, the sum and the count. Observing is a short loop over
 * eleven bounds; cumulative counts are computed only when the text is rendered.
 */

/** The bucket bounds in seconds (the Prometheus client defaults, 0.005 to 10). */
export const DURATION_BUCKETS: readonly number[] = Object.freeze([
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
])

export class Histogram {
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly #counts: number[]
  sum = 0
  count = 0

  constructor(readonly bounds: readonly number[] = DURATION_BUCKETS) {
    this.#counts = new Array<number>(bounds.length + 1).fill(0)
  }

  observe(value: number): void {
    const bounds = this.bounds
    let i = 0
    while (i < bounds.length && value > bounds[i]!) i++
    this.#counts[i]!++
    this.sum += value
    this.count++
  }

  /** Cumulative counts per bound, then `+Inf` (the text format's `le` series). */
  cumulative(): number[] {
    const out: number[] = []
    let running = 0
    for (const count of this.#counts) out.push((running += count))
    return out
  }

  /** The counts as plain data (sent between processes, operations.md HL7). */
  toData(): HistogramData {
    return { counts: [...this.#counts], sum: this.sum, count: this.count }
  }

  /** Adds another histogram's counts (same bounds). */
  add(data: HistogramData): void {
    for (let i = 0; i < this.#counts.length && i < data.counts.length; i++) this.#counts[i]! += data.counts[i]!
    this.sum += data.sum
    this.count += data.count
  }
}

/** A histogram as plain data: observations per bucket (not cumulative), the sum and the count. */
export interface HistogramData {
  readonly counts: readonly number[]
  readonly sum: number
  readonly count: number
}
