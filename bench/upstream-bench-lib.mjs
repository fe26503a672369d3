// Shared parts of the upstream benchmarks (bench/proxy-throughput.mjs, bench/upstream-mapping.mjs;
// not tests): pinned processes, wrk runs, compiling a throw-away project, and the report table.
// Core layout on a 2-core machine: the server under test alone on core 1; wrk and the upstream
// share core 0 (the same for the gateway and its hand-written baseline).
import { execFile, execFileSync, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const root = new URL('..', import.meta.url).pathname
const execFileAsync = promisify(execFile)

export function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

/** Starts `node args...` pinned to `core`; resolves once it printed `listening` on stderr. */
export function startPinned(core, args, env) {
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

export function get(port, path) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      )
    })
      .on('error', reject)
      .end()
  })
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/**
 * One wrk run on core 0: req/s, p99 in ms, non-2xx count, and the server's CPU time per request in
 * µs (robust against other load on a shared machine, unlike req/s).
 */
export async function wrk(port, path, { duration, connections }, pid) {
  const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid)
  // asynchronously: this process keeps draining the servers' stderr pipes (their log lines) meanwhile
  const { stdout: out } = await execFileAsync(
    'taskset',
    ['-c', '0', 'wrk', '-t1', `-c${connections}`, `-d${duration}s`, '--latency', `http://127.0.0.1:${port}${path}`],
    { encoding: 'utf8' },
  )
  const total = Number(/(\d+) requests in/.exec(out)?.[1])
  const cpuUs = pid === undefined ? 0 : ((cpuSeconds(pid) - cpuBefore) * 1e6) / total
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p99Match = /99%\s+([\d.]+)(us|ms|s)/.exec(out)
  const factor = { us: 0.001, ms: 1, s: 1000 }[p99Match?.[2] ?? 'ms']
  const errors =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0') +
    Number(/Socket errors: .*timeout (\d+)/.exec(out)?.[1] ?? '0')
  return { rps, p99ms: Number(p99Match?.[1]) * factor, errors, cpuUs }
}

/** Writes a project (`files`: relative path -> text) and compiles it; returns the output folder. */
export function compileProject(files) {
  const site = mkdtempSync(join(tmpdir(), 'svc-bench-site-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true })
    writeFileSync(join(site, path), text)
  }
  const out = join(site, 'dist')
  execFileSync(
    process.execPath,
    [join(root, 'bin/svc-compile.mjs'), join(site, 'definition.yaml'), '-o', out, '--quiet'],
    { stdio: 'inherit' },
  )
  return { site, out }
}

/**
 * Runs the two servers alternately (`rounds` times each after one warm-up run each) and reports the
 * best round of each: req/s, p99 and the ratios.
 */
export async function compare(label, gateway, baseline, options) {
  await wrk(gateway.port, gateway.path, options, gateway.pid)
  await wrk(baseline.port, baseline.path, options, baseline.pid)
  let best = { gateway: null, baseline: null }
  for (let i = 0; i < options.rounds; i++) {
    const g = await wrk(gateway.port, gateway.path, options, gateway.pid)
    const b = await wrk(baseline.port, baseline.path, options, baseline.pid)
    if (best.gateway === null || g.rps > best.gateway.rps) best.gateway = g
    if (best.baseline === null || b.rps > best.baseline.rps) best.baseline = b
  }
  const rows = [
    [gateway.name, best.gateway],
    [baseline.name, best.baseline],
  ]
  process.stdout.write(
    `\n${label}\n${'server'.padEnd(44)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'CPU µs/req'.padStart(11)}\n`,
  )
  for (const [name, r] of rows)
    process.stdout.write(
      `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(10)} ${r.p99ms.toFixed(2).padStart(8)} ${r.cpuUs.toFixed(1).padStart(11)}\n`,
    )
  process.stdout.write(
    `ratio (gateway / hand-written): throughput ${(best.gateway.rps / best.baseline.rps).toFixed(2)}x, p99 ${(best.gateway.p99ms / best.baseline.p99ms).toFixed(2)}x, CPU per request ${(best.gateway.cpuUs / best.baseline.cpuUs).toFixed(2)}x\n`,
  )
  if (best.gateway.errors || best.baseline.errors)
    process.stdout.write(`errors: gateway ${best.gateway.errors}, hand-written ${best.baseline.errors}\n`)
}
