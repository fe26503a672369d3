// Benchmark (not a test) of security.md J7 on the request path: the same route compiled twice, once
// protected by a JWT scheme (and with request validation, `x-svc-validate: true`, when the validation
// area is built: the script says whether it was active) and once with neither. wrk and the gateway
// are pinned to different cores with taskset. Prints req/s, p99 and the ratio per algorithm
// (goal of the security issue: protected >= 0.7x unprotected).
//
//   node bench/security-jwt.mjs [--duration 10] [--connections 32] [--alg HS256,RS256,ES256] [--rounds 3] [--split]
//
// --split adds "validation only" and "HS256 JWT only" to see which part costs what.
import { execFileSync, spawn } from 'node:child_process'
import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { request } from 'node:http'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    alg: { type: 'string', default: 'HS256,RS256,ES256' },
    rounds: { type: 'string', default: '3' },
    split: { type: 'boolean', default: false },
  },
})
const root = new URL('..', import.meta.url).pathname
const PORT = 18090
const PATH = '/api/items/42?limit=10'

function which(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A key for the scheme (as the definition's env value) and a token signed with it, valid for an hour. */
function keyAndToken(alg) {
  const payload = {
    sub: 'bench',
    iss: 'https://login.example.net',
    scope: 'items:read',
    exp: Math.floor(Date.now() / 1000) + 3600,
  }
  const input = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`
  if (alg === 'HS256') {
    const secret = Buffer.alloc(32, 7)
    return {
      key: secret.toString('base64url'),
      token: `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`,
    }
  }
  const { publicKey, privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const signature = sign(
    'sha256',
    Buffer.from(input),
    alg === 'ES256' ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey,
  )
  return {
    key: publicKey.export({ type: 'spki', format: 'pem' }),
    token: `${input}.${signature.toString('base64url')}`,
  }
}

function project(dir, alg, secured, validated = secured) {
  const validation = validated ? 'x-svc-validate: true\n' : ''
  const security = secured
    ? `securityDefinitions:
  Bearer:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { env: BENCH_KEY }
      alg: ${alg}
      claims:
        iss: https://login.example.net
security:
  - Bearer: [items:read]
`
    : ''
  mkdirSync(join(dir, 'flows'), { recursive: true })
  writeFileSync(
    join(dir, 'definition.yaml'),
    `swagger: "2.0"
basePath: /api
${validation}${security}paths:
  /items/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, type: integer }
        - { name: limit, in: query, type: integer, minimum: 1, maximum: 100 }
      responses:
        "200": { description: ok }
      x-svc-flow: flows/item.xml
`,
  )
  writeFileSync(
    join(dir, 'flows/item.xml'),
    '<flow>\n  <echo mime="application/json">{"id": 42, "name": "bench"}</echo>\n</flow>\n',
  )
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

function get(headers) {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: PORT, path: PATH, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
    })
      .on('error', reject)
      .end()
  })
}

function wrk(headers) {
  const args = ['-c', '0', 'wrk', '-t1', `-c${values.connections}`, `-d${values.duration}s`, '--latency']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  const out = execFileSync('taskset', [...args, `http://127.0.0.1:${PORT}${PATH}`], { encoding: 'utf8' })
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p99Match = /99%\s+([\d.]+)(us|ms|s)/.exec(out)
  const factor = { us: 0.001, ms: 1, s: 1000 }[p99Match?.[2] ?? 'ms']
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0')
  return { rps, p99ms: Number(p99Match?.[1]) * factor, errors }
}

/** Compiles a project; reports whether a validation part was built. */
function compileProject(dir) {
  const out = join(dir, 'dist')
  execFileSync(
    process.execPath,
    [join(root, 'bin/svc-compile.mjs'), join(dir, 'definition.yaml'), '-o', out, '--quiet'],
    { stdio: 'inherit' },
  )
  const validated = readdirSync(join(out, 'src')).some((name) => /valid/i.test(name))
  return { server: join(out, 'server.mjs'), validated }
}

/** Serves a build on core 1, checks one answer, measures after a warm-up run. */
async function measure(variant) {
  const server = await startPinned(1, [variant.server], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SVC_ACCESS_LOG: 'false',
    ...variant.env,
  })
  try {
    const sample = await get(variant.headers)
    if (sample.status !== 200) throw new Error(`unexpected answer ${sample.status}: ${sample.body}`)
    wrk(variant.headers)
    return wrk(variant.headers)
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]

if (!which('wrk') || !which('taskset')) {
  process.stderr.write('bench: wrk and taskset are needed\n')
  process.exit(1)
}
const work = mkdtempSync(join(tmpdir(), 'svc-bench-security-'))
try {
  const plainDir = join(work, 'plain')
  project(plainDir, 'HS256', false)
  const variants = [
    {
      label: 'GET /api/items/42, no security/validation',
      ...compileProject(plainDir),
      env: {},
      headers: {},
      results: [],
    },
  ]
  if (values.split) {
    const onlyValidation = join(work, 'validation-only')
    project(onlyValidation, 'HS256', false, true)
    variants.push({
      label: 'same, validation only',
      ...compileProject(onlyValidation),
      env: {},
      headers: {},
      results: [],
    })
    const onlyJwt = join(work, 'jwt-only')
    const { key, token } = keyAndToken('HS256')
    project(onlyJwt, 'HS256', true, false)
    variants.push({
      label: 'same, HS256 JWT only',
      ...compileProject(onlyJwt),
      env: { BENCH_KEY: key },
      headers: { Authorization: `Bearer ${token}` },
      results: [],
    })
  }
  for (const alg of values.alg.split(',')) {
    const dir = join(work, alg)
    const { key, token } = keyAndToken(alg)
    project(dir, alg, true)
    const build = compileProject(dir)
    const label = `same, ${alg} JWT${build.validated ? ' + validation' : ' (validation not built)'}`
    variants.push({
      label,
      ...build,
      env: { BENCH_KEY: key },
      headers: { Authorization: `Bearer ${token}` },
      results: [],
    })
  }
  // Rounds alternate the variants, so that a noisy moment does not favour one of them.
  for (let round = 0; round < Number(values.rounds); round++)
    for (const variant of variants) variant.results.push(await measure(variant))
  const base = median(variants[0].results.map((r) => r.rps))
  process.stdout.write(
    `${'route (median of ' + values.rounds + ' rounds)'.padEnd(46)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)}\n`,
  )
  for (const variant of variants) {
    const rps = median(variant.results.map((r) => r.rps))
    const p99 = median(variant.results.map((r) => r.p99ms))
    process.stdout.write(
      `${variant.label.padEnd(46)} ${rps.toFixed(0).padStart(10)} ${p99.toFixed(2).padStart(8)} ${(rps / base).toFixed(2).padStart(7)}\n`,
    )
    const errors = variant.results.reduce((sum, r) => sum + r.errors, 0)
    if (errors) process.stdout.write(`  non-2xx responses: ${errors}\n`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
