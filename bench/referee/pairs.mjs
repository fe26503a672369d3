// Same-repetition ratios of the referee's results (its --out JSON): for each repetition, one SUT's
// req/s, req/cpu-s and p99 over another's in the same repetition; medians over repetitions.
// Used by ratios.mjs and scale-report.mjs.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const runsOf = (results, name) => results.runs.filter((run) => run.sut === name && run.status === 'ok')
/** Requests per second of SUT CPU. */
const perCpu = (run) => run.rps / (run.cpu.sut_pct / 100)

/**
 * `gateway` against `baseline` in `results`: the per-repetition ratios and their medians; null when
 * no repetition measured both.
 */
export function pairRatios(results, gateway, baseline) {
  const byRep = new Map(runsOf(results, baseline).map((run) => [run.rep, run]))
  const rows = runsOf(results, gateway)
    .filter((run) => byRep.has(run.rep))
    .map((run) => {
      const base = byRep.get(run.rep)
      return {
        rep: run.rep,
        rps: run.rps / base.rps,
        cpu: perCpu(run) / perCpu(base),
        p99: run.latency_ms.p99 / base.latency_ms.p99,
      }
    })
  if (rows.length === 0) return null
  return {
    rows,
    rps: median(rows.map((r) => r.rps)),
    cpu: median(rows.map((r) => r.cpu)),
    p99: median(rows.map((r) => r.p99)),
  }
}

/** The median req/s and p99 (ms) of one SUT over its repetitions. */
export function sutMedians(results, name) {
  const runs = runsOf(results, name)
  if (runs.length === 0) return null
  return { rps: median(runs.map((run) => run.rps)), p99: median(runs.map((run) => run.latency_ms.p99)) }
}
