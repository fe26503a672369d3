// The tables of scale.sh's results: for each list size (users-<N>.json, stats-<N>.jsonl in OUTDIR),
// each gateway route against its hand-written baseline: same-repetition req/s and p99 ratios (medians
// over repetitions, each repetition's req/s ratio listed) and the median peak RSS of each; then each
// server's median event-loop delay (p99, max) and GC pauses (count, longest) per size.
//
//   node bench/referee/scale-report.mjs OUTDIR
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, pairRatios, sutMedians } from './pairs.mjs'

const PAIRS = [
  ['gw-transform', 'transform'],
  ['gw-transform', 'transform-pino'],
  ['gw-transform-indented', 'transform'],
  ['gw-pick', 'pick'],
  ['gw-merge', 'merge'],
  ['gw-proxy', 'proxy-pino'],
]

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node bench/referee/scale-report.mjs OUTDIR')
  process.exit(2)
}
const sizes = readdirSync(dir)
  .map((name) => /^users-(\d+)\.json$/.exec(name)?.[1])
  .filter((size) => size !== undefined)
  .map(Number)
  .sort((a, b) => a - b)

/** The run-stats.mjs lines of one size, grouped by label. */
function statsOf(size) {
  const byLabel = new Map()
  let text = ''
  try {
    text = readFileSync(join(dir, `stats-${size}.jsonl`), 'utf8')
  } catch {
    return byLabel
  }
  for (const line of text.split('\n')) {
    if (line === '') continue
    const stats = JSON.parse(line)
    byLabel.set(stats.label, [...(byLabel.get(stats.label) ?? []), stats])
  }
  return byLabel
}

/** The median of one figure over a label's runs (undefined without runs). */
function medianOf(runs, figure) {
  return runs === undefined || runs.length === 0 ? undefined : median(runs.map(figure))
}

const fmt = (x, digits = 2) => (x === undefined ? '-' : x.toFixed(digits))
console.log(
  '| users | route / baseline | req/s | req/s ratio (per repetition) | p99 ms | p99 ratio | peak RSS MiB | RSS ratio |',
)
console.log('|---:|---|---|---|---|---:|---|---:|')
for (const size of sizes) {
  const results = JSON.parse(readFileSync(join(dir, `users-${size}.json`), 'utf8'))
  const stats = statsOf(size)
  const rssMiB = (label) => medianOf(stats.get(label), (run) => run.maxRssKiB / 1024)
  for (const [gateway, baseline] of PAIRS) {
    const ratios = pairRatios(results, gateway, baseline)
    if (ratios === null) continue
    const g = sutMedians(results, gateway)
    const b = sutMedians(results, baseline)
    const gRss = rssMiB(gateway)
    const bRss = rssMiB(baseline)
    console.log(
      `| ${size} | ${gateway} / ${baseline} | ${fmt(g.rps, 0)} / ${fmt(b.rps, 0)} | **${fmt(ratios.rps)}×** (${ratios.rows.map((r) => fmt(r.rps)).join(' ')}) | ` +
        `${fmt(g.p99, 1)} / ${fmt(b.p99, 1)} | ${fmt(ratios.p99)}× | ${fmt(gRss, 0)} / ${fmt(bRss, 0)} | ${gRss && bRss ? fmt(gRss / bRss) + '×' : '-'} |`,
    )
  }
}

console.log('\n| users | server | event-loop delay p99 / max ms | GC pauses | longest GC pause ms |')
console.log('|---:|---|---|---:|---:|')
for (const size of sizes) {
  for (const [label, runs] of statsOf(size)) {
    const p99 = medianOf(runs, (run) => run.loopDelayMs.p99)
    const max = medianOf(runs, (run) => run.loopDelayMs.max)
    console.log(
      `| ${size} | ${label} | ${fmt(p99, 1)} / ${fmt(max, 1)} | ${fmt(
        medianOf(runs, (run) => run.gc.count),
        0,
      )} | ${fmt(
        medianOf(runs, (run) => run.gc.longestMs),
        1,
      )} |`,
    )
  }
}
