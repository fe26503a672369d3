// Benchmark (not a test; issue 4): a `request` + `template` flow that GETs a 1 KB JSON upstream and
// answers four picked and renamed fields, against the same handler written by hand on node:http and
// undici. Goal: throughput >= 0.8x, p99 within 1.3x. Cores: the server under test alone on core 1;
// wrk and the upstream on core 0.
//
//   node bench/upstream-mapping.mjs [--duration 10] [--connections 32] [--rounds 3]
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual, parseArgs } from 'node:util'
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
const BASELINE_PORT = 18193
const upstreamOrigin = `http://127.0.0.1:${UPSTREAM_PORT}`

const { site, out } = compileProject({
  'definition.yaml': `swagger: "2.0"
basePath: /api
paths:
  /user:
    get:
      x-svc-flow: flows/user.xml
`,
  'flows/user.xml': `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/users/4711') }}, "headers": { "Accept": "application/json" } }</request>
  <template>{ "userId": {{ id }}, "mail": {{ email }}, "city": {{ address/city }}, "active": {{ active }} }</template>
</flow>
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
  const baseline = await startPinned(1, [join(root, 'bench/upstream-baseline.mjs')], {
    PORT: String(BASELINE_PORT),
    UPSTREAM: upstreamOrigin,
  })
  children.push(baseline)
  const viaGateway = await get(GATEWAY_PORT, '/api/user')
  const viaBaseline = await get(BASELINE_PORT, '/api/user')
  if (viaGateway.status !== 200 || !isDeepStrictEqual(JSON.parse(viaGateway.body), JSON.parse(viaBaseline.body))) {
    throw new Error(`responses differ: ${viaGateway.status} ${viaGateway.body} / ${viaBaseline.body}`)
  }
  await compare(
    `request + template vs hand-written undici handler (1 KB JSON upstream, ${options.connections} connections, ${options.duration}s x ${options.rounds} rounds, best)`,
    { name: 'request + template GET /api/user', pid: gateway.pid, port: GATEWAY_PORT, path: '/api/user' },
    { name: 'node:http + undici handler', pid: baseline.pid, port: BASELINE_PORT, path: '/api/user' },
    options,
  )
} finally {
  for (const child of children) child.kill('SIGTERM')
  rmSync(site, { recursive: true, force: true })
}
