// Ratios as the issue states them: for each repetition, the gateway's req/s (and p99) over the
// baseline's in the same repetition; then the median over repetitions. Reads the referee's --out JSON.
//
//   node bench/referee/ratios.mjs results.json gw-proxy:proxy gw-transform:transform
import { readFileSync } from 'node:fs'
import { pairRatios } from './pairs.mjs'

const [file, ...pairs] = process.argv.slice(2)
const results = JSON.parse(readFileSync(file, 'utf8'))
const fmt = (x) => x.toFixed(2)
for (const pair of pairs) {
  const [gateway, baseline] = pair.split(':')
  const ratios = pairRatios(results, gateway, baseline)
  if (ratios === null) {
    console.log(`${gateway} / ${baseline}: no repetition measured both`)
    continue
  }
  console.log(
    `${gateway} / ${baseline}: req/s ${fmt(ratios.rps)}x, req/cpu-s ${fmt(ratios.cpu)}x, p99 ${fmt(ratios.p99)}x (${ratios.rows.length} repetitions: ${ratios.rows.map((r) => fmt(r.rps)).join(' ')})`,
  )
}
