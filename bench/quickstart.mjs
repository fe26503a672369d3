// Benchmark (not a test): the compiled quickstart route GET /api/hello?name=Ada against a raw
// node:http server answering the same body. Load generator (wrk) and server are pinned to different
// cores with taskset. Prints req/s, p99 latency and the ratio.
//
//   node bench/quickstart.mjs [--duration 10] [--connections 32]
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { request } from 'node:http'

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } },
})
const root = new URL('..', import.meta.url).pathname
const GATEWAY_PORT = 18080
const RAW_PORT = 18081
const PATH = '/api/hello?name=Ada'

function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

function startPinned(core, args, env) {
  const child = spawn('taskset', ['-c', String(core), process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      if (String(chunk).includes('listening')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

function get(port) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: PATH }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks).toString() }),
      )
    })
      .on('error', reject)
      .end()
  })
}

function wrk(port) {
  const out = execFileSync(
    'taskset',
    [
      '-c',
      '0',
      'wrk',
      '-t1',
      `-c${values.connections}`,
      `-d${values.duration}s`,
      '--latency',
      `http://127.0.0.1:${port}${PATH}`,
    ],
    { encoding: 'utf8' },
  )
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p99Match = /99%\s+([\d.]+)(us|ms|s)/.exec(out)
  const factor = { us: 0.001, ms: 1, s: 1000 }[p99Match?.[2] ?? 'ms']
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0'
  return { rps, p99ms: Number(p99Match?.[1]) * factor, errors: Number(errors) }
}

if (!which('wrk')) {
  process.stderr.write('bench: wrk is needed (Debian package `wrk`: apt-get install wrk)\n')
  process.exit(1)
}
const out = mkdtempSync(join(tmpdir(), 'svc-bench-'))
execFileSync(
  process.execPath,
  [join(root, 'bin/svc-compile.mjs'), join(root, 'examples/quickstart/definition.yaml'), '-o', out],
  { stdio: 'inherit' },
)
const gateway = await startPinned(1, [join(out, 'server.mjs')], {
  PORT: String(GATEWAY_PORT),
  HOST: '127.0.0.1',
  SVC_ACCESS_LOG: 'false',
})
const sample = await get(GATEWAY_PORT)
const raw = await startPinned(1, [join(root, 'bench/raw-server.mjs')], {
  PORT: String(RAW_PORT),
  BODY: sample.body,
  CONTENT_TYPE: sample.type,
})
try {
  wrk(GATEWAY_PORT) // warm-up of the JIT, results discarded
  const compiled = wrk(GATEWAY_PORT)
  const baseline = wrk(RAW_PORT)
  const rows = [
    ['compiled quickstart GET /api/hello', compiled],
    ['raw node:http, same body', baseline],
  ]
  process.stdout.write(`${'server'.padEnd(36)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)}\n`)
  for (const [name, r] of rows)
    process.stdout.write(`${name.padEnd(36)} ${r.rps.toFixed(0).padStart(10)} ${r.p99ms.toFixed(2).padStart(8)}\n`)
  process.stdout.write(
    `ratio (compiled / raw): throughput ${(compiled.rps / baseline.rps).toFixed(2)}x, p99 ${(compiled.p99ms / baseline.p99ms).toFixed(2)}x\n`,
  )
  if (compiled.errors || baseline.errors)
    process.stdout.write(`non-2xx responses: compiled ${compiled.errors}, raw ${baseline.errors}\n`)
} finally {
  gateway.kill('SIGTERM')
  raw.kill('SIGTERM')
  rmSync(out, { recursive: true, force: true })
}
