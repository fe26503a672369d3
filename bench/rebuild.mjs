// Benchmark (not a test; issue 7, operations.md CL7): how fast `svc-compile --serve --watch` picks up
// an edit of the quickstart. Goal: a rebuild in under 0.5 s. Reports the rebuild time svc-compile
// prints and the time from writing the file to the first answer of the new build.
//
//   node bench/rebuild.mjs [--edits 10]
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { edits: { type: 'string', default: '10' } } })
const root = new URL('..', import.meta.url).pathname
const site = mkdtempSync(join(tmpdir(), 'svc-rebuild-'))
cpSync(join(root, 'examples/quickstart'), site, { recursive: true, filter: (source) => !source.includes('/dist') })
const flow = join(site, 'flows/hello.xml')
const original = readFileSync(flow, 'utf8')
const port = 18290

const child = spawn(
  process.execPath,
  [
    join(root, 'bin/svc-compile.mjs'),
    join(site, 'definition.yaml'),
    '--serve',
    '--watch',
    '-p',
    String(port),
    '--host',
    '127.0.0.1',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
)
const lines = []
const waiters = []
for (const stream of [child.stdout, child.stderr]) {
  createInterface({ input: stream }).on('line', (line) => {
    lines.push(line)
    for (const waiter of waiters.splice(0)) waiter()
  })
}
const nextLine = (pattern) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} in:\n${lines.join('\n')}`)), 20_000)
    const check = () => {
      const found = lines.find((line) => pattern.test(line))
      if (found) {
        lines.splice(0, lines.indexOf(found) + 1)
        clearTimeout(timer)
        resolve(found)
      } else waiters.push(check)
    }
    check()
  })
const greeting = async () => (await fetch(`http://127.0.0.1:${port}/api/hello?name=bench`)).text()

try {
  const first = await nextLine(/serving .* built in/)
  process.stdout.write(`${first}\n`)
  const rebuildSeconds = []
  const servedMs = []
  for (let edit = 1; edit <= Number(values.edits); edit++) {
    const marker = `Hello #${edit}, `
    const started = performance.now()
    writeFileSync(flow, original.replace("'Hello, '", `'${marker}'`))
    const rebuilt = await nextLine(/rebuilt in ([\d.]+) s/)
    rebuildSeconds.push(Number(/rebuilt in ([\d.]+) s/.exec(rebuilt)[1]))
    while (!(await greeting()).startsWith(marker)) await new Promise((resolve) => setTimeout(resolve, 5))
    servedMs.push(performance.now() - started)
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
  process.stdout.write(`quickstart --serve --watch, ${values.edits} edits of flows/hello.xml\n`)
  process.stdout.write(
    `rebuild (as printed): median ${median(rebuildSeconds).toFixed(2)} s, max ${Math.max(...rebuildSeconds).toFixed(2)} s\n`,
  )
  process.stdout.write(
    `edit -> new answer (includes the 100 ms debounce): median ${(median(servedMs) / 1000).toFixed(2)} s, max ${(Math.max(...servedMs) / 1000).toFixed(2)} s\n`,
  )
  process.stdout.write(`goal: rebuild < 0.5 s: ${median(rebuildSeconds) < 0.5 ? 'met' : 'MISSED'}\n`)
} finally {
  child.kill('SIGTERM')
  rmSync(site, { recursive: true, force: true })
}
