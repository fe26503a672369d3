// Benchmark (not a test; issue 4): an `x-svc-proxy` route against a hand-written node:http + undici
// reverse proxy, both in front of the same 1 KB JSON upstream. Goal: throughput >= 1.0x, p99 within
// 1.3x. Cores: the proxy under test alone on core 1; wrk and the upstream on core 0.
//
//   node bench/proxy-throughput.mjs [--duration 10] [--connections 32] [--rounds 3]
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { compare, compileProject, get, root, startPinned, which } from './upstream-bench-lib.mjs'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
  },
})
const options = { duration: values.duration, connections: values.connections, rounds: Number(values.rounds) }
if (!which('wrk') || !which('taskset')) {
  process.stderr.write('bench: wrk and taskset are needed\n')
  process.exit(1)
}
const UPSTREAM_PORT = 18190
const GATEWAY_PORT = 18191
const BASELINE_PORT = 18192
const upstreamOrigin = `http://127.0.0.1:${UPSTREAM_PORT}`

const { site, out } = compileProject({
  'definition.yaml': `swagger: "2.0"
basePath: /gw
paths:
  /users/**:
    x-svc-proxy:
      origin: {env: UPSTREAM}
      stripEndpoint: true
      addPrefix: /users
`,
})
const children = []
try {
  children.push(await startPinned(0, [join(root, 'bench/upstream-json-server.mjs')], { PORT: String(UPSTREAM_PORT) }))
  const gateway = await startPinned(1, [join(out, 'server.mjs')], {
    PORT: String(GATEWAY_PORT),
    HOST: '127.0.0.1',
    SVC_ACCESS_LOG: 'false',
    UPSTREAM: upstreamOrigin,
  })
  children.push(gateway)
  const baseline = await startPinned(1, [join(root, 'bench/proxy-baseline.mjs')], {
    PORT: String(BASELINE_PORT),
    UPSTREAM: upstreamOrigin,
  })
  children.push(baseline)
  const viaGateway = await get(GATEWAY_PORT, '/gw/users/4711')
  const viaBaseline = await get(BASELINE_PORT, '/users/4711')
  if (viaGateway.status !== 200 || viaGateway.body !== viaBaseline.body)
    throw new Error(`responses differ: ${viaGateway.status} ${viaGateway.body.slice(0, 80)}`)
  await compare(
    `x-svc-proxy vs hand-written reverse proxy (1 KB JSON, ${options.connections} connections, ${options.duration}s x ${options.rounds} rounds, best)`,
    { name: 'x-svc-proxy GET /gw/users/4711', pid: gateway.pid, port: GATEWAY_PORT, path: '/gw/users/4711' },
    { name: 'node:http + undici reverse proxy', pid: baseline.pid, port: BASELINE_PORT, path: '/users/4711' },
    options,
  )
} finally {
  for (const child of children) child.kill('SIGTERM')
  rmSync(site, { recursive: true, force: true })
}
