/**
 * Upstream pools, retries and circuit breakers (docs/spec/upstream.md UP-POOL-1..8) over real HTTP: a
 * compiled bundle in front of local upstream servers that the tests start, stop and make misbehave.
 */
import { rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join } from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../compiler/diagnostics/format.js'
import { compile } from '../../compiler/index.js'
import { compileOrThrow, type RunningGateway, startBundle, writeProject } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'
import { freePort } from '../helpers/redis-server.js'

type Behaviour = (req: IncomingMessage, res: ServerResponse, n: number) => void

/** A local upstream on a fixed port that answers with its name; it can be stopped and started again. */
class Target {
  readonly name: string
  hits = 0
  posts = 0
  behaviour: Behaviour = (_req, res) => this.answer(res)
  #server: Server | null = null
  readonly #sockets = new Set<Socket>()

  constructor(
    readonly port: number,
    index: number,
  ) {
    this.name = `t${index}`
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  answer(res: ServerResponse, status = 200, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify({ target: this.name }))
  }

  async start(): Promise<void> {
    if (this.#server !== null) return
    const server = createServer((req, res) => {
      if (req.url === '/health') {
        res.end('ok')
        return
      }
      this.hits++
      if (req.method === 'POST') this.posts++
      req.resume()
      req.on('end', () => this.behaviour(req, res, this.hits))
    })
    server.on('connection', (socket) => {
      this.#sockets.add(socket)
      socket.on('close', () => this.#sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', resolve)
    })
    this.#server = server
  }

  async stop(): Promise<void> {
    const server = this.#server
    this.#server = null
    if (server === null) return
    for (const socket of this.#sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  }
}

const FLOW_NAMED = `<flow>
  <request>{ "url": "http://weighted/who" }</request>
  <template>{ "target": {{ $upstream/main/target }}, "url": {{ $upstream/main/url }} }</template>
</flow>
`

const FLOW_POST = `<flow>
  <request>{ "url": "http://plain/submit", "method": "POST", "body": { "value": "x" } }</request>
</flow>
`

describe('upstream pools (UP-POOL)', () => {
  let root: string
  let targets: Target[]
  let gateway: RunningGateway

  beforeAll(async () => {
    targets = []
    for (let i = 0; i < 6; i++) targets.push(new Target(await freePort(), i))
    for (const target of targets) await target.start()
    const [a, b, c, d, e, f] = targets as [Target, Target, Target, Target, Target, Target]
    root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-upstreams:
  trio:
    targets: [ "${a.url}", "${b.url}", "${c.url}" ]
    passive: { failures: 3, cool-down: 1 }
    health-check: { path: /health, interval: 0.2, healthy: 1, unhealthy: 2 }
  weighted:
    targets: [ "${d.url}", { url: "${e.url}", weight: 3 } ]
  sticky:
    targets: [ "${d.url}", "${e.url}", "${f.url}" ]
    balance: hash
    hash-key: header:x-user
  plain:
    targets: { env: PLAIN_TARGETS }
    retries: 2
    retry-delay: 0.01
  quick:
    targets: [ "${d.url}", "${e.url}" ]
    balance: least-requests
  checked:
    targets: [ "${a.url}", "${c.url}" ]
    passive: false
    health-check: { path: /health, interval: 0.1, healthy: 2, unhealthy: 2 }
paths:
  /trio:
    x-svc-proxy: { url: "http://trio/who" }
  /weighted:
    x-svc-proxy: { url: "http://weighted/who" }
  /sticky:
    x-svc-proxy: { url: "http://sticky/who" }
  /plain:
    get:
      x-svc-proxy: { url: "http://plain/who" }
    post:
      x-svc-flow: flows/post.xml
  /quick:
    x-svc-proxy: { url: "http://quick/who" }
  /impatient:
    x-svc-proxy: { url: "http://plain/who", options: { time-to-first-byte-timeout: 0.3 } }
  /checked:
    x-svc-proxy: { url: "http://checked/who" }
  /named:
    get:
      x-svc-flow: flows/named.xml
`,
      'flows/post.xml': FLOW_POST,
      'flows/named.xml': FLOW_NAMED,
    })
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
    gateway = await startBundle(join(root, 'out'), { PLAIN_TARGETS: f.url })
  }, 60_000)

  afterEach(async () => {
    for (const target of targets) {
      target.behaviour = (_req, res) => target.answer(res)
      await target.start()
    }
  })

  afterAll(async () => {
    await gateway?.stop()
    for (const target of targets ?? []) await target.stop()
    rmSync(root, { recursive: true, force: true })
  })

  const who = async (path: string, headers: Record<string, string> = {}) => {
    const response = await send(gateway.url, { path, headers })
    return { status: response.status, target: response.status === 200 ? JSON.parse(response.body).target : null }
  }

  it('UP-POOL-3: weighted round-robin over 1000 requests is within 5 % of the weights', async () => {
    const counts: Record<string, number> = {}
    for (let i = 0; i < 1000; i++) {
      const { target } = await who('/weighted')
      counts[target] = (counts[target] ?? 0) + 1
    }
    expect(counts.t3! / 1000).toBeCloseTo(0.25, 1)
    expect(Math.abs(counts.t4! - 750)).toBeLessThanOrEqual(750 * 0.05)
  })

  it('UP-POOL-3: hash keeps each key on one target', async () => {
    const seen = new Map<string, Set<string>>()
    for (let round = 0; round < 5; round++) {
      for (let user = 0; user < 12; user++) {
        const { target } = await who('/sticky', { 'x-user': `u${user}` })
        if (!seen.has(`u${user}`)) seen.set(`u${user}`, new Set())
        seen.get(`u${user}`)!.add(target)
      }
    }
    for (const targetsOfUser of seen.values()) expect(targetsOfUser.size).toBe(1)
    // twelve keys over three targets land on more than one
    expect(new Set([...seen.values()].map((s) => [...s][0])).size).toBeGreaterThan(1)
  })

  it('UP-POOL-4/6: a target killed mid-run: no client request fails, it is taken out and comes back', async () => {
    const [a, b, c] = targets as [Target, Target, Target]
    for (let i = 0; i < 9; i++) expect((await who('/trio')).status).toBe(200)
    await b.stop()
    const before = { a: a.hits, c: c.hits }
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await who('/trio')).status)
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(a.hits + c.hits - before.a - before.c).toBe(30)
    await gateway.waitForLog(
      (line) => line.type === 'svc_alert' && String(line.message).includes(`${b.url} of pool trio`),
    )
    // back: the health check (every 0.2 s) or the trial after the 1 s cool-down restores it
    await b.start()
    const hitsBefore = b.hits
    const deadline = Date.now() + 5000
    while (b.hits === hitsBefore && Date.now() < deadline) {
      await who('/trio')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(b.hits).toBeGreaterThan(hitsBefore)
  })

  it('UP-POOL-6/7: a 503 with Retry-After is retried after the wait; the answer names the target in the log', async () => {
    const f = targets[5]!
    f.behaviour = (_req, res, n) => (n % 2 === 1 ? f.answer(res, 503, { 'retry-after': '1' }) : f.answer(res))
    f.hits = 0
    const started = performance.now()
    const { status } = await who('/plain')
    expect(status).toBe(200)
    expect(f.hits).toBe(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    const line = await gateway.waitForLog(
      (l) => l.type === 'svc_request' && l.url === 'http://plain/who' && l.attempt === 1,
    )
    expect(line.target).toBe(f.url)
    expect(line.status).toBe(200)
  })

  it('UP-POOL-6: a POST that reached the upstream is not retried', async () => {
    const f = targets[5]!
    f.behaviour = (_req, res) => f.answer(res, 503)
    f.posts = 0
    await send(gateway.url, { method: 'POST', path: '/plain' })
    expect(f.posts).toBe(1)
  })

  it('UP-POOL-3: least-requests sends more to the target that answers faster', async () => {
    const [d, e] = [targets[3]!, targets[4]!]
    d.behaviour = (_req, res) => setTimeout(() => d.answer(res), 60)
    d.hits = 0
    e.hits = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 10; i++) await who('/quick')
      }),
    )
    expect(d.hits + e.hits).toBe(80)
    expect(e.hits).toBeGreaterThan(2 * d.hits)
  })

  it('UP-POOL-4: without a breaker, active checks alone take a stopped target out and bring it back', async () => {
    const [a, , c] = targets as [Target, Target, Target]
    await c.stop()
    await gateway.waitForLog(
      (l) =>
        l.type === 'svc_alert' && l.message === `target ${c.url} of pool checked failed its health checks and is out`,
    )
    const before = a.hits
    for (let i = 0; i < 6; i++) expect((await who('/checked')).target).toBe('t0')
    expect(a.hits - before).toBe(6)
    await c.start()
    await gateway.waitForLog(
      (l) =>
        l.type === 'svc_alert' && l.message === `target ${c.url} of pool checked passed its health checks and is back`,
    )
    const seen = new Set<string>()
    for (let i = 0; i < 4; i++) seen.add((await who('/checked')).target)
    expect(seen).toEqual(new Set(['t0', 't2']))
  })

  it('UP-POOL-2: $upstream/<id>/target names the target that answered; url stays as written', async () => {
    const response = await send(gateway.url, { path: '/named' })
    const body = JSON.parse(response.body) as { target: string; url: string }
    expect([targets[3]!.url, targets[4]!.url]).toContain(body.target)
    expect(body.url).toBe('http://weighted/who')
  })

  it('UP-POOL-6: reset connections and a hanging answer of a GET are retried', async () => {
    const f = targets[5]!
    f.hits = 0
    f.behaviour = (req, res, n) => (n === 1 ? req.socket.destroy() : f.answer(res))
    expect((await who('/plain')).status).toBe(200)
    expect(f.hits).toBe(2)
    f.hits = 0
    // the first answer never comes: its time-to-first-byte timeout (0.3 s) ends the attempt
    f.behaviour = (_req, res, n) => (n === 1 ? undefined : f.answer(res))
    expect((await who('/impatient')).status).toBe(200)
    expect(f.hits).toBe(2)
  })

  it('UP-POOL-4: with every target out, calls fail at once with 3103 and no connection attempt', async () => {
    const [a, b, c] = targets as [Target, Target, Target]
    await Promise.all([a.stop(), b.stop(), c.stop()])
    // the health check takes all three out within two of its rounds
    await new Promise((resolve) => setTimeout(resolve, 800))
    const response = await send(gateway.url, { path: '/trio' })
    expect(response.status).toBe(503)
    expect(JSON.parse(response.body).error).toMatchObject({ code: 3103, message: 'Upstream Unavailable' })
    expect(response.body).toContain('no available target in pool trio')
  })
})

describe('UP-POOL-1: targets from the environment', () => {
  it('an unset or invalid target list stops the start with a clear line (CF3)', async () => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-upstreams:
  users: { targets: { env: USERS_TARGETS } }
paths:
  /u:
    x-svc-proxy: { url: "http://users/x" }
`,
    })
    try {
      await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
      await expect(startBundle(join(root, 'out'))).rejects.toThrow(/USERS_TARGETS.*comma-separated target URLs/s)
      await expect(startBundle(join(root, 'out'), { USERS_TARGETS: 'http://a:1/path' })).rejects.toThrow(
        /must be an origin/,
      )
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('plain origins: retries, budget, circuit breaker (UP-POOL-4..8)', () => {
  let root: string
  let upstream: Server
  let calls = 0
  let gateway: RunningGateway

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      calls++
      req.resume()
      // every call fails, slowly enough that many are in flight at once
      setTimeout(() => {
        res.writeHead(503)
        res.end()
      }, 100)
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    root = writeProject({
      'definition.yaml': `swagger: "2.0"
paths:
  /retried:
    x-svc-proxy: { url: "${origin}/x", options: { retries: 3, retry-delay: 0.001 } }
  /guarded:
    x-svc-proxy: { url: "${origin}/y", options: { circuit-breaker: { failures: 2, cool-down: 30 } } }
`,
    })
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
    gateway = await startBundle(join(root, 'out'), { SVC_STATUS_AUTH: 'ops:secret' })
  }, 60_000)

  afterAll(async () => {
    await gateway?.stop()
    await new Promise((resolve) => upstream?.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  it('UP-POOL-8: 40 concurrent failing requests with 3 retries each add far fewer than 120 attempts', async () => {
    calls = 0
    const responses = await Promise.all(Array.from({ length: 40 }, () => send(gateway.url, { path: '/retried' })))
    expect(responses.every((r) => r.status === 503)).toBe(true)
    // without a budget: 160 attempts; with it, retries in flight stay under max(3, 20 % of 40)
    expect(calls).toBeGreaterThanOrEqual(40)
    expect(calls).toBeLessThan(40 + 60)
  })

  it('UP-POOL-4: the breaker of a plain origin opens after its failures and then fails at once', async () => {
    calls = 0
    expect((await send(gateway.url, { path: '/guarded' })).status).toBe(503)
    expect((await send(gateway.url, { path: '/guarded' })).status).toBe(503)
    expect(calls).toBe(2)
    const fast = await send(gateway.url, { path: '/guarded' })
    expect(fast.status).toBe(503)
    expect(JSON.parse(fast.body).error).toMatchObject({ code: 3103 })
    expect(calls).toBe(2)
    await gateway.waitForLog(
      (line) => line.type === 'svc_alert' && String(line.message).includes('circuit breaker for'),
    )
    // operations.md HL4: the breaker's state and the failures, by origin and error, in the metrics
    const authorization = `Basic ${Buffer.from('ops:secret').toString('base64')}`
    const metrics = (await send(gateway.url, { path: '/_svc/metrics', headers: { authorization } })).body
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    expect(metrics).toContain(`svc_upstream_breaker_open{origin="${origin}"} 1\n`)
    expect(metrics).toContain(`svc_upstream_breaker_ejections_total{origin="${origin}"} 1\n`)
    expect(metrics).toContain(`svc_upstream_failures_total{origin="${origin}",error="EUNAVAILABLE"} 1\n`)
    expect(metrics).toMatch(new RegExp(`svc_upstream_requests_total\\{origin="${origin}",status="503"\\} \\d+`))
  })
})

describe('UP-POOL-1 UP-POOL-2: bad configuration is a located compile error', () => {
  const roots: string[] = []
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true })
  })

  const compileWith = async (upstreams: string, flowUrl = 'http://users/x') => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"\nx-svc-flow: flows/f.xml\n${upstreams}\npaths:\n  /a:\n    get: {}\n`,
      'flows/f.xml': `<flow>\n  <request>{ "url": "${flowUrl}" }</request>\n</flow>\n`,
    })
    roots.push(root)
    const result = await compile(join(root, 'definition.yaml'), { outDir: join(root, 'out') })
    return { ok: result.ok, report: formatReport(result.diagnostics, { cwd: root }) }
  }

  it.each([
    [
      'x-svc-upstreams: { users: { targets: [] } }',
      '3:30: error: x-svc-upstreams.users.targets must be a non-empty list',
    ],
    ['x-svc-upstreams: { users: { targets: [ "http://a:1/v1" ] } }', 'must be an origin (scheme, host, port)'],
    ['x-svc-upstreams: { users: { targets: [ "ftp://a:1" ] } }', 'must be http or https'],
    ['x-svc-upstreams: { users: { targets: [ "http://a:1", "http://a:1" ] } }', 'lists http://a:1 twice'],
    [
      'x-svc-upstreams: { users: { targets: [ { url: "http://a:1", weight: 0 } ] } }',
      'a weight must be a whole number from 1 to 1000',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], balance: random } }',
      'balance must be round-robin, least-requests or hash',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], balance: hash } }',
      'hash-key is required with balance: hash',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], hash-key: client-ip } }',
      'hash-key applies only with balance: hash',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], balance: hash, hash-key: "$body/x" } }',
      'expressions read only $request',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], retries: 11 } }',
      'retries must be a whole number from 0 to 10',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], passive: { cool-down: 60, max-cool-down: 30 } } }',
      'max-cool-down must not be less than cool-down',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], health-check: { interval: 5 } } }',
      'health-check.path is required',
    ],
    [
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ], retrys: 2 } }',
      'unknown property "retrys" in x-svc-upstreams.users; did you mean "retries"?',
    ],
    ['x-svc-upstreams: { Users: { targets: [ "http://a:1" ] } }', 'pool name "Users" must be a DNS label'],
  ])('%s', async (line, message) => {
    const { ok, report } = await compileWith(line)
    expect(ok).toBe(false)
    expect(report).toMatch(
      new RegExp(`definition\\.yaml:3:\\d+: error: .*${escape(message.replace(/^3:\d+: error: /, ''))}`),
    )
  })

  it('a URL host that reads as a pool name but names none is an error with a suggestion', async () => {
    const { ok, report } = await compileWith(
      'x-svc-upstreams: { users: { targets: [ "http://a:1" ] } }',
      'http://user/x',
    )
    expect(ok).toBe(false)
    expect(report).toMatch(
      /flows\/f\.xml:2:\d+: error: http:\/\/user\/x: "user" names no pool of x-svc-upstreams .*; did you mean users\?/,
    )
    // with a port, or a dotted name, it is an ordinary host
    expect(
      (await compileWith('x-svc-upstreams: { users: { targets: [ "http://a:1" ] } }', 'http://user:8080/x')).ok,
    ).toBe(true)
    // without x-svc-upstreams single-label hosts are not checked
    expect((await compileWith('', 'http://billing/x')).ok).toBe(true)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
