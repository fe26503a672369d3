// Ratios as the issue states them: for each repetition, the gateway's req/s (and p99) over the
// baseline's in the same repetition; then the median over repetitions. Reads the referee's --out JSON.
//
//   node bench/referee/ratios.mjs results.json gw-proxy:proxy gw-transform:transform
import { readFileSync } from 'node:fs'

const [file, ...pairs] = process.argv.slice(2)
const results = JSON.parse(readFileSync(file, 'utf8'))
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const runsOf = (name) => results.runs.filter((run) => run.sut === name && run.status === 'ok')
/** Requests per second of SUT CPU. */
const perCpu = (run) => run.rps / (run.cpu.sut_pct / 100)
for (const pair of pairs) {
  const [gateway, baseline] = pair.split(':')
  const byRep = new Map(runsOf(baseline).map((run) => [run.rep, run]))
  const rows = runsOf(gateway).filter((run) => byRep.has(run.rep)).map((run) => {
    const base = byRep.get(run.rep)
    return { rep: run.rep, rps: run.rps / base.rps, cpu: perCpu(run) / perCpu(base), p99: run.latency_ms.p99 / base.latency_ms.p99 }
  })
  const fmt = (x) => x.toFixed(2)
  console.log(`${gateway} / ${baseline}: req/s ${fmt(median(rows.map((r) => r.rps)))}x, req/cpu-s ${fmt(median(rows.map((r) => r.cpu)))}x, p99 ${fmt(median(rows.map((r) => r.p99)))}x (${rows.length} repetitions: ${rows.map((r) => fmt(r.rps)).join(' ')})`)
}
