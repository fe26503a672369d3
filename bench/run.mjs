// Runs every benchmark in bench/ one after the other (`npm run bench`). Not part of `npm test`.
// Each script states its goal in its header and prints the figures to compare against it; bench/README.md
// lists them. Run on an otherwise idle machine: the load benchmarks pin their processes with taskset.
import { execFileSync } from 'node:child_process'

const scripts = [
  'quickstart.mjs',
  'template-mapping.mjs',
  'upstream-mapping.mjs',
  'proxy-throughput.mjs',
  'security-jwt.mjs',
  'xslt-transform.mjs',
  'rebuild.mjs',
  'soak.mjs',
]
const microBenchmarks = ['json-parse.bench.ts', 'functions.bench.ts', 'log-lines.bench.ts']

for (const script of scripts) {
  process.stdout.write(`\n== bench/${script}\n`)
  execFileSync(process.execPath, [new URL(script, import.meta.url).pathname], { stdio: 'inherit' })
}
const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname
for (const file of microBenchmarks) {
  process.stdout.write(`\n== bench/${file}\n`)
  execFileSync(process.execPath, [vitest, 'bench', '--run', new URL(file, import.meta.url).pathname], {
    stdio: 'inherit',
  })
}
