/**
 * Rate limits (docs/spec/rate-limits.md RL1-RL6, errors.md 3214) over real HTTP against compiled
 * bundles: which policy applies where, keys, the 429 with `Retry-After`, the IETF and legacy fields,
 * the error flow, trusted proxies, and that refused requests do not consume quota. Located compile
 * errors for bad configurations.
 */
import { createHmac } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../compiler/diagnostics/format.js'
import { compile } from '../../compiler/index.js'
import { type RunningGateway, startProject, writeProject } from '../helpers/gateway-process.js'
import { expectedAdmitted, hammer } from '../helpers/hammer.js'
import { type HttpResponse, send } from '../helpers/http.js'
import { freePort } from '../helpers/redis-server.js'

const SAY_PATH = `<flow>
  <eval out="$line">concat('ok ', $request/path)</eval>
  <dump in="$line" mime="text/plain"/>
</flow>
`
const ERROR_FLOW = `<flow>
  <eval out="$line">concat('handled ', $error/code, ' ', $error/status)</eval>
  <dump in="$line" mime="text/plain"/>
</flow>
`

const MAIN_DEFINITION = `swagger: "2.0"
basePath: /api
x-svc-flow: flows/say.xml
x-svc-rate-limit: { limit: 3, window: 600, key: client-ip, name: per-client }
paths:
  /items:
    get: {}
    post: {}
  /keyed:
    x-svc-rate-limit:
      - { limit: 2, window: 600, key: "header:X-Api-Key", name: per-key }
      - { limit: 100, window: 3600, key: client-ip, name: hourly }
    get: {}
  /recover:
    get:
      x-svc-rate-limit: { limit: 1, window: 2, key: "header:x-client" }
  /handled:
    get:
      x-svc-rate-limit: { limit: 1, window: 600, key: "header:x-client" }
  /open:
    get:
      x-svc-rate-limit: { limit: 1000, window: 1, key: client-ip }
  /tenants/{tenant}/items:
    get:
      x-svc-rate-limit: { limit: 2, window: 600, key: "concat($request/params/tenant, ':', $request/get/plan)" }
`

const roots: string[] = []
let gateway: RunningGateway

beforeAll(async () => {
  const root = writeProject({
    'definition.yaml': MAIN_DEFINITION,
    'flows/say.xml': SAY_PATH,
  })
  roots.push(root)
  gateway = await startProject(join(root, 'definition.yaml'), { SVC_TRUSTED_PROXIES: '127.0.0.1' })
}, 60_000)

afterAll(async () => {
  await gateway?.stop()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}): Promise<HttpResponse> =>
  send(gateway.url, { path, headers })

/** The JSON system error document of a response. */
function errorDocument(response: HttpResponse): { code: number; status: number; info: string[] } {
  return (JSON.parse(response.body) as { error: { code: number; status: number; info: string[] } }).error
}

describe('RL1 RL2 RL5: a top-level policy counts every operation it covers together', () => {
  it('admits three requests of one client over GET and POST, then 429 / 3214 with Retry-After', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.1' }
    expect((await get('/api/items', client)).status).toBe(200)
    expect((await send(gateway.url, { method: 'POST', path: '/api/items', headers: client })).status).toBe(200)
    const third = await get('/api/items', client)
    expect(third.status).toBe(200)
    expect(third.headers['ratelimit-policy']).toBe('"per-client";q=3;w=600')
    expect(third.headers['ratelimit']).toMatch(/^"per-client";r=0;t=\d+$/)
    const refused = await get('/api/items', client)
    expect(refused.status).toBe(429)
    expect(errorDocument(refused)).toMatchObject({ code: 3214, status: 429 })
    expect(errorDocument(refused).info).toEqual(['Rate limit of GET /items exceeded'])
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.headers['ratelimit']).toMatch(/^"per-client";r=0;t=\d+$/)
    // another client has its own quota
    const other = await get('/api/items', { 'X-Forwarded-For': '203.0.113.2' })
    expect(other.status).toBe(200)
    expect(other.headers['ratelimit']).toMatch(/^"per-client";r=2;t=\d+$/)
  })

  it('RL3: behind a trusted proxy, a client prepending an address to X-Forwarded-For keeps its own key', async () => {
    const client = { 'X-Forwarded-For': '203.0.113.9' }
    for (let i = 0; i < 3; i++) expect((await get('/api/items', client)).status).toBe(200)
    const spoofed = await get('/api/items', { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9' })
    expect(spoofed.status).toBe(429)
  })
})

describe('RL2 RL3: a path-level list replaces the top-level policy, and every policy is enforced', () => {
  it('counts per header value, advertises both policies, and a request without the header is anonymous', async () => {
    const first = await get('/api/keyed', { 'X-Api-Key': 'alpha' })
    expect(first.status).toBe(200)
    expect(first.headers['ratelimit-policy']).toBe('"per-key";q=2;w=600, "hourly";q=100;w=3600')
    expect(first.headers['ratelimit']).toMatch(/^"per-key";r=1;t=\d+, "hourly";r=99;t=\d+$/)
    expect((await get('/api/keyed', { 'X-Api-Key': 'alpha' })).status).toBe(200)
    expect((await get('/api/keyed', { 'X-Api-Key': 'alpha' })).status).toBe(429)
    expect((await get('/api/keyed', { 'X-Api-Key': 'beta' })).status).toBe(200)
    expect((await get('/api/keyed')).status).toBe(200)
    expect((await get('/api/keyed')).status).toBe(200)
    expect((await get('/api/keyed')).status).toBe(429)
  })

  it('a refusal by one policy does not count against the others (RL5)', async () => {
    // 5 admitted and 2 refused requests so far from this client (127.0.0.1, no X-Forwarded-For) on /keyed
    const next = await get('/api/keyed', { 'X-Api-Key': 'gamma' })
    expect(next.status).toBe(200)
    expect(next.headers['ratelimit']).toMatch(/"hourly";r=94;/)
  })
})

describe('RL5: refused requests do not consume quota', () => {
  it('a client that keeps retrying is admitted again once the window allows one more', async () => {
    const client = { 'x-client': 'retrying' }
    const started = Date.now()
    expect((await get('/api/recover', client)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await get('/api/recover', client)).status).toBe(429)
    // one request per 2 s: admitted 2 s after the first, however often it was refused meanwhile
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 2200 - Date.now())))
    expect((await get('/api/recover', client)).status).toBe(200)
  })
})

describe('RL3: a key expression over $request', () => {
  it('counts by the expression value (path parameter and query), evaluated before the body is read', async () => {
    const status = async (path: string) => (await get(path)).status
    expect(await status('/api/tenants/acme/items?plan=gold')).toBe(200)
    expect(await status('/api/tenants/acme/items?plan=gold')).toBe(200)
    expect(await status('/api/tenants/acme/items?plan=gold')).toBe(429)
    expect(await status('/api/tenants/acme/items?plan=free')).toBe(200)
    expect(await status('/api/tenants/other/items?plan=gold')).toBe(200)
  })
})

describe('RL1: an operation-level policy', () => {
  it('with a generous limit: every request admitted, the fields count down', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => get('/api/open')))
    expect(responses.every((r) => r.status === 200)).toBe(true)
    const left = responses.map((r) => Number(/;r=(\d+);/.exec(String(r.headers['ratelimit']))?.[1]))
    // the quota refills one request per millisecond meanwhile, so only an upper bound is certain
    expect(left.every((n) => n >= 0 && n <= 999)).toBe(true)
    expect(new Set(left).size).toBeGreaterThan(1)
  })
})

describe('RL5: the error flow shapes the 429', () => {
  let handled: RunningGateway
  beforeAll(async () => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-flow: flows/say.xml
x-svc-error: flows/error.xml
x-svc-rate-limit-headers: legacy
paths:
  /limited:
    get:
      x-svc-rate-limit:
        - { limit: 1, window: 600, key: "header:x-client", name: slow }
        - { limit: 5, window: 1, key: "header:x-client", name: fast }
`,
      'flows/say.xml': SAY_PATH,
      'flows/error.xml': ERROR_FLOW,
    })
    roots.push(root)
    handled = await startProject(join(root, 'definition.yaml'))
  }, 60_000)
  afterAll(() => handled?.stop())

  it('$error holds 3214, Retry-After stays, and legacy fields name the policy with the fewest requests left', async () => {
    const client = { 'x-client': 'one' }
    const first = await send(handled.url, { path: '/limited', headers: client })
    expect(first.status).toBe(200)
    expect(first.headers['x-ratelimit-limit']).toBe('1')
    expect(first.headers['x-ratelimit-remaining']).toBe('0')
    expect(first.headers['ratelimit']).toBeUndefined()
    const refused = await send(handled.url, { path: '/limited', headers: client })
    expect(refused.status).toBe(429)
    expect(refused.body).toBe('handled 3214 429')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500)
    expect(refused.headers['x-ratelimit-limit']).toBe('1')
  })
})

/** An HS256 token signed with `secret-key-for-tests` (the scheme's key below, base64url-encoded). */
function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`
  return `${unsigned}.${createHmac('sha256', 'secret-key-for-tests').update(unsigned).digest('base64url')}`
}

describe('RL3 RL4: a policy keyed by a JWT claim', () => {
  let secured: RunningGateway
  beforeAll(async () => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-flow: flows/say.xml
securityDefinitions:
  Token:
    type: apiKey
    in: header
    name: X-Token
    x-svc-jwt: { key: c2VjcmV0LWtleS1mb3ItdGVzdHM, alg: HS256 }
paths:
  /mine:
    get:
      security: [{ Token: [] }]
      x-svc-rate-limit: { limit: 2, window: 600, key: "jwt:sub", name: per-user }
`,
      'flows/say.xml': SAY_PATH,
    })
    roots.push(root)
    secured = await startProject(join(root, 'definition.yaml'))
  }, 60_000)
  afterAll(() => secured?.stop())

  it('counts per subject after the token is verified; a token that fails verification gets 403 and is not counted', async () => {
    const alice = { 'X-Token': token({ sub: 'alice' }) }
    const bob = { 'X-Token': token({ sub: 'bob' }) }
    const forged = { 'X-Token': `${token({ sub: 'alice' })}x` }
    for (let i = 0; i < 3; i++) {
      const rejected = await send(secured.url, { path: '/mine', headers: forged })
      expect(rejected.status).toBe(403)
      expect(rejected.headers['ratelimit']).toBeUndefined()
    }
    const first = await send(secured.url, { path: '/mine', headers: alice })
    expect(first.status).toBe(200)
    expect(first.headers['ratelimit']).toMatch(/^"per-user";r=1;t=\d+$/)
    expect((await send(secured.url, { path: '/mine', headers: alice })).status).toBe(200)
    expect((await send(secured.url, { path: '/mine', headers: alice })).status).toBe(429)
    expect((await send(secured.url, { path: '/mine', headers: bob })).status).toBe(200)
  })
})

describe('RL9: with SVC_WORKERS and no Redis, a limit holds for the instance', () => {
  let workers: RunningGateway
  beforeAll(async () => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-flow: flows/say.xml
paths:
  /counted:
    get:
      x-svc-rate-limit: { limit: 10, window: 600, key: "header:x-client" }
  /steady:
    get:
      x-svc-rate-limit: { limit: 20, window: 1, key: "header:x-client" }
`,
      'flows/say.xml': SAY_PATH,
    })
    roots.push(root)
    workers = await startProject(join(root, 'definition.yaml'), { SVC_WORKERS: '2' })
  }, 60_000)
  afterAll(() => workers?.stop())

  it('admits exactly the limit over both workers, each request on its own connection', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, () => send(workers.url, { path: '/counted', headers: { 'x-client': 'many' } })),
    )
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10)
    expect(responses.filter((r) => r.status === 429)).toHaveLength(50)
  })

  it('50 clients asking for 3 s: admitted within 5 % above the limit and not below it (RL5)', async () => {
    const result = await hammer([workers.url], '/steady', { 'x-client': 'steady' }, 3, 50)
    expect(result.other).toBe(0)
    expect(result.admitted).toBeGreaterThanOrEqual(expectedAdmitted(20, 1, result.elapsedMs - 200))
    expect(result.admitted).toBeLessThanOrEqual(Math.ceil(expectedAdmitted(20, 1, result.elapsedMs) * 1.05))
  }, 30_000)
})

describe('RL8: while Redis is unreachable, SVC_RATE_LIMIT_ON_STORE_ERROR decides', () => {
  let root: string
  beforeAll(() => {
    root = writeProject({
      'definition.yaml': `swagger: "2.0"
x-svc-flow: flows/say.xml
x-svc-rate-limit-headers: none
paths:
  /a:
    get:
      x-svc-rate-limit: { limit: 2, window: 600, key: "header:x-client" }
`,
      'flows/say.xml': SAY_PATH,
    })
    roots.push(root)
  })

  /** The statuses of four requests of one client, with Redis configured on a port where nothing listens. */
  async function statuses(
    fallback: string,
  ): Promise<{ statuses: number[]; retryAfter: string[]; fields: (string | undefined)[] }> {
    const port = await freePort()
    const gateway = await startProject(join(root, 'definition.yaml'), {
      SVC_REDIS_URL: `redis://127.0.0.1:${port}`,
      SVC_RATE_LIMIT_ON_STORE_ERROR: fallback,
    })
    try {
      const responses: HttpResponse[] = []
      for (let i = 0; i < 4; i++) responses.push(await send(gateway.url, { path: '/a', headers: { 'x-client': 'c' } }))
      await gateway.waitForLog((line) => line.type === 'svc_alert' && line.topic === 'redis')
      return {
        statuses: responses.map((r) => r.status),
        retryAfter: responses.map((r) => String(r.headers['retry-after'])),
        fields: responses.map((r) => (r.headers['ratelimit'] ?? r.headers['x-ratelimit-limit']) as string | undefined),
      }
    } finally {
      await gateway.stop()
    }
  }

  it('local (the default): this process counts', async () => {
    expect((await statuses('local')).statuses).toEqual([200, 200, 429, 429])
  })

  it('open: every request is admitted', async () => {
    expect((await statuses('open')).statuses).toEqual([200, 200, 200, 200])
  })

  it('closed: every request is refused with Retry-After: 2; RL6 none: no rate-limit fields', async () => {
    const closed = await statuses('closed')
    expect(closed.statuses).toEqual([429, 429, 429, 429])
    expect(closed.retryAfter).toEqual(['2', '2', '2', '2'])
    expect(closed.fields).toEqual([undefined, undefined, undefined, undefined])
  })

  it('CF3: an invalid SVC_TRUSTED_PROXIES stops the start', async () => {
    await expect(startProject(join(root, 'definition.yaml'), { SVC_TRUSTED_PROXIES: '10.0.0.0/33' })).rejects.toThrow(
      /SVC_TRUSTED_PROXIES.*invalid CIDR/s,
    )
  })
})

describe('RL2 RL3: bad configuration is a located compile error', () => {
  it.each([
    ['x-svc-rate-limit: { limit: 0, window: 60, key: client-ip }', 'x-svc-rate-limit.limit must be a whole number'],
    ['x-svc-rate-limit: { limit: 5, window: 1.5, key: client-ip }', 'x-svc-rate-limit.window must be a whole number'],
    ['x-svc-rate-limit: { limit: 5, window: 60, key: cookie:sid }', 'unknown x-svc-rate-limit.key "cookie:sid"'],
    ['x-svc-rate-limit: { limit: 5, window: 60 }', 'x-svc-rate-limit.key is required'],
    ['x-svc-rate-limit: { limit: 5, window: 60, key: client-ip, burst: 3 }', 'unknown property "burst"'],
    ['x-svc-rate-limit: []', 'must not be an empty list'],
    [
      'x-svc-rate-limit: [{ limit: 5, window: 60, key: client-ip }, { limit: 5, window: 60, key: "header:a" }]',
      'two policies of this x-svc-rate-limit are named "5-per-60s"',
    ],
    ['x-svc-rate-limit-headers: draft', 'x-svc-rate-limit-headers must be ietf, legacy or none'],
    ['x-svc-rate-limit: { limit: 5, window: 60, key: "$body/user" }', 'expressions read only $request, not $body'],
    ['x-svc-rate-limit: { limit: 5, window: 60, key: "$request/get/(" }', 'syntax error in expression'],
  ])('%s', async (line, message) => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"\nx-svc-flow: flows/say.xml\n${line}\npaths:\n  /a:\n    get: {}\n`,
      'flows/say.xml': SAY_PATH,
    })
    roots.push(root)
    const result = await compile(join(root, 'definition.yaml'), { outDir: join(root, 'out') })
    expect(result.ok).toBe(false)
    const report = formatReport(result.diagnostics, { cwd: root })
    expect(report).toMatch(new RegExp(`definition\\.yaml:3:\\d+: error: .*${escape(message)}`))
  })

  it('names a misplaced x-svc-rate-limit-headers', async () => {
    const root = writeProject({
      'definition.yaml': `swagger: "2.0"\nx-svc-flow: flows/say.xml\npaths:\n  /a:\n    x-svc-rate-limit-headers: none\n    get: {}\n`,
      'flows/say.xml': SAY_PATH,
    })
    roots.push(root)
    const result = await compile(join(root, 'definition.yaml'), { outDir: join(root, 'out') })
    const report = formatReport(result.diagnostics, { cwd: root })
    expect(report).toContain('definition.yaml:5:5: error: x-svc-rate-limit-headers is only recognized at the top level')
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
