/**
 * A strict reader of the Prometheus text format 0.0.4 for tests: every line must be a comment
 * (`# HELP`/`# TYPE`), empty, or `name{label="value",...} number`; anything else throws.
 */
export interface Sample {
  readonly name: string
  readonly labels: Record<string, string>
  readonly value: number
}

export interface ParsedMetrics {
  readonly types: Record<string, string>
  readonly samples: Sample[]
  /** The value of the one sample with exactly these labels; throws when there is none. */
  value(name: string, labels: Record<string, string>): number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y

export function parsePrometheusText(text: string): ParsedMetrics {
  const types: Record<string, string> = {}
  const samples: Sample[] = []
  if (!text.endsWith('\n')) throw new Error('the text must end with a line feed')
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line)
      if (type) types[type[1]!] = type[2]!
      else if (!/^# HELP \S+ /.test(line)) throw new Error(`bad comment line: ${line}`)
      continue
    }
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`bad sample line: ${line}`)
    const labels: Record<string, string> = {}
    const labelText = match[2] ?? ''
    LABEL.lastIndex = 0
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText)
      if (!label) throw new Error(`bad labels: ${line}`)
      labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\')
    }
    const raw = match[3]!
    // Prometheus reads values with Go's ParseFloat: `NaN` and `Inf` in any letter case (prom-client
    // writes `Nan` for a mean of no samples)
    const lower = raw.toLowerCase()
    const value = lower === '+inf' || lower === 'inf' ? Infinity : lower === '-inf' ? -Infinity : Number(raw)
    if (Number.isNaN(value) && lower !== 'nan') throw new Error(`bad value: ${line}`)
    samples.push({ name: match[1]!, labels, value })
  }
  return {
    types,
    samples,
    value(name, labels) {
      const wanted = JSON.stringify(Object.entries(labels).sort())
      const found = samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)
      if (found === undefined) throw new Error(`no sample ${name} ${wanted}`)
      return found.value
    },
  }
}
