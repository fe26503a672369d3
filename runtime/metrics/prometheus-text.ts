/**
 * Writing the Prometheus text exposition format, version 0.0.4 (operations.md HL4): `# HELP` and
 * `# TYPE` lines, one sample per line, label values escaped (`\\`, `\"`, `\n`), histograms as
 * cumulative `_bucket{le=...}` series plus `_sum` and `_count`.
 */
import type { Histogram } from './histogram.js'

export type Labels = readonly (readonly [string, string])[]

export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function labelText(labels: Labels, extra?: readonly [string, string]): string {
  const all = extra === undefined ? labels : [...labels, extra]
  if (all.length === 0) return ''
  return `{${all.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`
}

/** Numbers as the format writes them (`+Inf`, `NaN`, otherwise JavaScript's shortest form). */
export function formatSample(value: number): string {
  if (value === Infinity) return '+Inf'
  if (value === -Infinity) return '-Inf'
  return Number.isNaN(value) ? 'NaN' : String(value)
}

export class MetricsText {
  #text = ''

  header(name: string, type: 'counter' | 'gauge' | 'histogram', help: string): this {
    this.#text += `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${name} ${type}\n`
    return this
  }

  sample(name: string, labels: Labels, value: number): this {
    this.#text += `${name}${labelText(labels)} ${formatSample(value)}\n`
    return this
  }

  histogram(name: string, labels: Labels, histogram: Histogram): this {
    const cumulative = histogram.cumulative()
    histogram.bounds.forEach((bound, i) => {
      this.#text += `${name}_bucket${labelText(labels, ['le', formatSample(bound)])} ${cumulative[i]}\n`
    })
    this.#text += `${name}_bucket${labelText(labels, ['le', '+Inf'])} ${cumulative[cumulative.length - 1]}\n`
    this.#text += `${name}_sum${labelText(labels)} ${formatSample(histogram.sum)}\n`
    this.#text += `${name}_count${labelText(labels)} ${histogram.count}\n`
    return this
  }

  toString(): string {
    return this.#text
  }
}
