// The table of scale.sh's results: for each list size (users-<N>.json, rss-<N>.txt in OUTDIR), each
// gateway route against its hand-written baseline: same-repetition req/s and p99 ratios (medians over
// repetitions, each repetition's req/s ratio listed) and the median peak RSS of each.
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

/** Median peak RSS (MiB) per label from an rss-<N>.txt file. */
function peakRss(size) {
  const byLabel = new Map()
  let text = ''
  try {
    text = readFileSync(join(dir, `rss-${size}.txt`), 'utf8')
  } catch {
    return byLabel
  }
  for (const line of text.split('\n')) {
    const [label, kib] = line.split(' ')
    if (!label || !kib) continue
    byLabel.set(label, [...(byLabel.get(label) ?? []), Number(kib) / 1024])
  }
  return new Map([...byLabel].map(([label, values]) => [label, median(values)]))
}

const fmt = (x, digits = 2) => (x === undefined ? '-' : x.toFixed(digits))
console.log('| users | route / baseline | req/s | req/s ratio (per repetition) | p99 ms | p99 ratio | peak RSS MiB | RSS ratio |')
console.log('|---:|---|---|---|---|---:|---|---:|')
for (const size of sizes) {
  const results = JSON.parse(readFileSync(join(dir, `users-${size}.json`), 'utf8'))
  const rss = peakRss(size)
  for (const [gateway, baseline] of PAIRS) {
    const ratios = pairRatios(results, gateway, baseline)
    if (ratios === null) continue
    const g = sutMedians(results, gateway)
    const b = sutMedians(results, baseline)
    const gRss = rss.get(gateway)
    const bRss = rss.get(baseline)
    console.log(
      `| ${size} | ${gateway} / ${baseline} | ${fmt(g.rps, 0)} / ${fmt(b.rps, 0)} | **${fmt(ratios.rps)}×** (${ratios.rows.map((r) => fmt(r.rps)).join(' ')}) | ` +
        `${fmt(g.p99, 1)} / ${fmt(b.p99, 1)} | ${fmt(ratios.p99)}× | ${fmt(gRss, 0)} / ${fmt(bRss, 0)} | ${gRss && bRss ? fmt(gRss / bRss) + '×' : '-'} |`,
    )
  }
}
