/**
 * Issue 8: the bad-input catalog and the HTTP-layer limits, over real HTTP against a compiled bundle
 * of test/fixtures/hardening (raw node:net sockets, so that no client library normalises the input).
 * Every case names its expected status and error code; `code: null` marks an answer of the HTTP
 * layer (definition.md PL19 and SVC_MAX_URL_LENGTH: empty body, `Connection: close`, no request id).
 * Afterwards the process must still answer, and no request may have changed what a later one sees
 * (prototype pollution). Limits and defaults: SECURITY.md, docs/configuration.md.
 */
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RunningGateway } from '../helpers/gateway-process.js'
import { type HardeningGateway, startHardeningGateway } from '../helpers/hardening-gateway.js'
import { headerOf, rawRequest, type RawResponse } from '../helpers/raw-http.js'
import type { RecordingUpstream } from '../helpers/upstream-server.js'

const BODY_LIMIT = 65536

let fixture: HardeningGateway | undefined
let gateway: RunningGateway
let upstream: RecordingUpstream

beforeAll(async () => {
  fixture = await startHardeningGateway({
    SVC_MAX_BODY_SIZE: String(BODY_LIMIT),
    SVC_MAX_REQUESTS_PER_SOCKET: '3',
  })
  gateway = fixture.gateway
  upstream = fixture.upstream
})

afterAll(() => fixture?.stop())

/** One request message with `Connection: close`; `body` gets a Content-Length. Bytes are latin1. */
function message(method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer): Buffer {
  let head = `${method} ${target} HTTP/1.1\r\nHost: gw.test\r\nConnection: close\r\n`
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
  const payload = body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  if (body !== undefined) head += `Content-Length: ${payload.length}\r\n`
  return Buffer.concat([Buffer.from(head + '\r\n', 'latin1'), payload])
}

const json = { 'Content-Type': 'application/json' }
const xml = { 'Content-Type': 'application/xml' }
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)

interface Case {
  readonly request: Buffer
  readonly status: number
  /** `$error/code` of the system error document; null: an HTTP-layer answer with an empty body. */
  readonly code?: number | null
  /** Substring of the body (UTF-8). */
  readonly body?: string
  /** Substrings the whole response must not contain (header injection, secrets). */
  readonly absent?: readonly string[]
}

const CATALOG: [string, Case][] = [
  // bodies (validation.md VA15, VA16; oxn.md OXN-13; flows.md F-VAR-8, F-VAR-13)
  [
    'malformed JSON body',
    {
      request: message('POST', '/h/orders', json, '{"a": 1,'),
      status: 400,
      code: 3204,
      body: 'body is not valid JSON',
    },
  ],
  ['JSON with a trailing comma', { request: message('POST', '/h/orders', json, '{"a": 1,}'), status: 400, code: 3204 }],
  [
    'JSON body sent as text/plain',
    {
      request: message('POST', '/h/orders', { 'Content-Type': 'text/plain' }, '{"a": 1}'),
      status: 400,
      code: 3204,
      body: 'expected a JSON body',
    },
  ],
  [
    'JSON body without Content-Type',
    { request: message('POST', '/h/orders', {}, '{"a": 1}'), status: 400, code: 3204 },
  ],
  [
    'invalid UTF-8 in a JSON string becomes U+FFFD',
    {
      request: message(
        'POST',
        '/h/orders',
        json,
        Buffer.from([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      ),
      status: 200,
      body: '{"s":"\ufffd\ufffd"}',
    },
  ],
  [
    '512 nested arrays are accepted',
    { request: message('POST', '/h/orders', json, `{"a":${nested(511)}}`), status: 200 },
  ],
  [
    '513 nested levels are invalid JSON (OXN-13), also for validation',
    {
      request: message('POST', '/h/orders', json, `{"a":${nested(512)}}`),
      status: 400,
      code: 3204,
      body: 'body is not valid JSON',
    },
  ],
  [
    '20000 nested arrays without validation are a string',
    { request: message('POST', '/h/body', json, nested(20000)), status: 200, body: '"json": false, "length": 40000' },
  ],
  [
    'huge numbers keep their literals',
    {
      request: message(
        'POST',
        '/h/orders',
        json,
        '{"n":1e999999,"m":-1e-999999,"i":123456789012345678901234567890123456789}',
      ),
      status: 200,
      body: '{"n":1e999999,"m":-1e-999999,"i":123456789012345678901234567890123456789}',
    },
  ],
  ['malformed XML body', { request: message('POST', '/h/xml', xml, '<r><a></r>'), status: 422, body: 'refused' }],
  [
    'XML with an external entity (XXE) is refused',
    {
      request: message(
        'POST',
        '/h/xml',
        xml,
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
      ),
      status: 422,
      body: 'refused',
      absent: ['root:'],
    },
  ],
  [
    'XML entity expansion (billion laughs) is refused',
    {
      request: message(
        'POST',
        '/h/xml',
        xml,
        '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><r>&c;</r>',
      ),
      status: 422,
      body: 'refused',
    },
  ],
  [
    'XML with an entity from an external DTD is refused',
    {
      request: message('POST', '/h/xml', xml, '<!DOCTYPE r SYSTEM "http://127.0.0.1:1/r.dtd"><r>&x;</r>'),
      status: 422,
      body: 'refused',
    },
  ],
  [
    'well-formed XML still works',
    { request: message('POST', '/h/xml', xml, '<r>ok</r>'), status: 200, body: '"root": "r", "text": "ok"' },
  ],
  // request targets (definition.md P16, P17, R5; actions.md ACT-serve-2)
  [
    'invalid percent-encoding',
    { request: message('GET', '/h/raw/%zz'), status: 400, code: 3213, body: 'Invalid percent-encoding' },
  ],
  ['a lone % at the end', { request: message('GET', '/h/raw/a%'), status: 400, code: 3213 }],
  [
    'percent-encoded invalid UTF-8',
    { request: message('GET', '/h/raw/%C0%AF'), status: 400, code: 3213, body: 'not valid UTF-8' },
  ],
  [
    'raw bytes over 0x7f in the target never reach PL1 (PL19)',
    {
      request: Buffer.concat([
        Buffer.from('GET /h/raw/'),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
      status: 400,
      code: null,
    },
  ],
  ['a target without a leading slash (PL19)', { request: message('GET', 'h/raw/x'), status: 400, code: null }],
  [
    'the asterisk target',
    { request: message('OPTIONS', '*'), status: 400, code: 3213, body: 'Invalid request target' },
  ],
  [
    'CONNECT with an authority target is answered, not dropped (P16)',
    { request: message('CONNECT', 'example.com:443'), status: 400, code: 3213, body: 'Invalid request target' },
  ],
  [
    'CONNECT to an API path gets the method check',
    { request: message('CONNECT', '/h/query'), status: 405, code: 3210 },
  ],
  [
    'an absolute-form target is routed by its path',
    { request: message('GET', 'http://other.test/h/raw/abs'), status: 200, body: '"name": "abs"' },
  ],
  ['.. is an ordinary segment (P17)', { request: message('GET', '/h/raw/..'), status: 200, body: '"name": ".."' }],
  [
    'encoded dots reach a parameter decoded',
    { request: message('GET', '/h/raw/%2e%2e%2f%2e%2e'), status: 200, body: '"name": "../.."' },
  ],
  [
    'a validated parameter refuses encoded dots',
    { request: message('GET', '/h/files/%2e%2e'), status: 400, code: 3204 },
  ],
  ['.. out of basePath does not route', { request: message('GET', '/h/../secret.txt'), status: 404, code: 3208 }],
  [
    'serve: .. cannot leave dir',
    { request: message('GET', '/../secret.txt'), status: 200, body: 'fallback', absent: ['do not serve'] },
  ],
  [
    'serve: encoded dots cannot leave dir',
    { request: message('GET', '/%2e%2e/secret.txt'), status: 200, body: 'fallback', absent: ['do not serve'] },
  ],
  [
    'serve: an encoded slash cannot leave dir',
    { request: message('GET', '/..%2fsecret.txt'), status: 200, body: 'fallback', absent: ['do not serve'] },
  ],
  ['serve: an encoded NUL is not found', { request: message('GET', '/hello.txt%00'), status: 200, body: 'fallback' }],
  ['serve: a file inside dir is served', { request: message('GET', '/hello.txt'), status: 200, body: 'hello' }],
  // header injection (ACT-set-response-headers-4; upstream request headers)
  [
    'CRLF from the query into a response header',
    {
      request: message('GET', '/h/header?v=a%0d%0aSet-Cookie:%20evil=1'),
      status: 500,
      code: 5001,
      absent: ['\r\nSet-Cookie', '\r\nX-Echo'],
    },
  ],
  [
    'bare LF into a response header',
    { request: message('GET', '/h/header?v=a%0aX-Injected:%201'), status: 500, code: 5001, absent: ['\r\nX-Injected'] },
  ],
  ['NUL into a response header', { request: message('GET', '/h/header?v=a%00b'), status: 500, code: 5001 }],
  [
    'CRLF into an upstream request header',
    { request: message('GET', '/h/forward?v=a%0d%0aX-Injected:%201'), status: 500, code: 5001 },
  ],
  ['NUL into an upstream request header', { request: message('GET', '/h/forward?v=a%00b'), status: 500, code: 5001 }],
  [
    'a clean value passes to the upstream',
    { request: message('GET', '/h/forward?v=clean'), status: 200, body: '"x-echo":"clean"' },
  ],
  // prototype pollution (the probe below checks that nothing leaked into later requests)
  [
    '__proto__ and constructor keys round-trip as data',
    {
      request: message(
        'POST',
        '/h/orders',
        json,
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
      ),
      status: 200,
      body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    },
  ],
  [
    '__proto__ keys in a pair producer stay members',
    {
      request: message(
        'POST',
        '/h/members',
        json,
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
      ),
      status: 200,
      body: '"names": "__proto__,constructor", "copy": { "__proto__":{"polluted":"yes"}',
    },
  ],
  [
    '__proto__ in the query and cookies',
    {
      request: message('GET', '/h/cookies?__proto__[polluted]=yes&constructor=1', { Cookie: '__proto__=x; sid=7' }),
      status: 200,
      body: '"count": 2, "sid": "7"',
    },
  ],
  // regular expressions: the definition bounds the input (SECURITY.md)
  [
    'a regex input within maxLength answers quickly',
    { request: message('GET', `/h/match?s=${'a'.repeat(23)}b`), status: 200, body: '"match": false' },
  ],
  [
    'a long regex input is refused before the pattern runs',
    { request: message('GET', `/h/match?s=${'a'.repeat(5000)}b`), status: 400, code: 3204 },
  ],
  // limits (SECURITY.md table)
  [
    'a cookie header over SVC_MAX_HEADER_SIZE',
    { request: message('GET', '/h/cookies', { Cookie: `sid=${'x'.repeat(17 * 1024)}` }), status: 431, code: null },
  ],
  [
    'many cookies under the limit',
    {
      request: message('GET', '/h/cookies', {
        Cookie: Array.from({ length: 120 }, (_, i) => `c${i}=${'v'.repeat(100)}`).join('; '),
      }),
      status: 200,
      body: '"count": 120',
    },
  ],
  [
    'a target over SVC_MAX_URL_LENGTH',
    { request: message('GET', `/h/query?${'a'.repeat(9000)}`), status: 414, code: null },
  ],
  [
    'a target just under SVC_MAX_URL_LENGTH',
    { request: message('GET', `/h/query?${'a'.repeat(8000)}`), status: 200, body: '"count": 1' },
  ],
  [
    'SVC_MAX_QUERY_PARAMS parameters',
    {
      request: message('GET', `/h/query?${Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')}`),
      status: 200,
      body: '"count": 1000',
    },
  ],
  [
    'one query parameter too many',
    {
      request: message('GET', `/h/query?${'a&'.repeat(1000)}a`),
      status: 400,
      code: 3213,
      body: 'Query has more than 1000 parameters',
    },
  ],
  [
    'a declared body over SVC_MAX_BODY_SIZE',
    {
      request: Buffer.from(
        `POST /h/body HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${BODY_LIMIT + 1}\r\n\r\n`,
      ),
      status: 413,
      code: 3212,
    },
  ],
  [
    'a header section over the limit',
    { request: message('GET', '/h/query', { 'X-Big': 'a'.repeat(17 * 1024) }), status: 431, code: null },
  ],
  [
    'an unknown expectation is ignored, not a bare 417',
    { request: message('GET', '/h/query', { Expect: 'something-else' }), status: 200, body: '"count": 0' },
  ],
  // message framing (PL19)
  [
    'NUL in a header value',
    {
      request: Buffer.from('GET /h/query HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n', 'latin1'),
      status: 400,
      code: null,
    },
  ],
  [
    'Content-Length and Transfer-Encoding together',
    {
      request: Buffer.from(
        'POST /h/body HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ),
      status: 400,
      code: null,
    },
  ],
  [
    'two different Content-Length values',
    {
      request: Buffer.from('POST /h/body HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'),
      status: 400,
      code: null,
    },
  ],
  [
    'two Host fields (RFC 9112 section 3.2)',
    { request: Buffer.from('GET /h/query HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\n\r\n'), status: 400, code: null },
  ],
  [
    'no Host field',
    { request: Buffer.from('GET /h/query HTTP/1.1\r\nConnection: close\r\n\r\n'), status: 400, code: null },
  ],
  [
    'a space before the header colon',
    { request: Buffer.from('GET /h/query HTTP/1.1\r\nHost : x\r\n\r\n'), status: 400, code: null },
  ],
]

/** The checks every answer of the catalog and the fuzz test share. */
function expectAnswer(res: RawResponse, want: Case, label: string): void {
  expect(res.status, `${label}: ${res.raw.slice(0, 400)}`).toBe(want.status)
  const body = Buffer.from(res.body, 'latin1').toString('utf8')
  if (want.code === null) {
    expect(body, label).toBe('')
    expect(headerOf(res, 'Connection'), label).toBe('close')
  } else if (want.code !== undefined) {
    expect(headerOf(res, 'Content-Type'), label).toBe('application/json')
    const document = JSON.parse(body) as { error: { code: number; status: number; requestID: string } }
    expect(document.error, label).toMatchObject({ code: want.code, status: want.status })
    expect(document.error.requestID, label).toMatch(/^[A-Za-z0-9_-]{22}$/)
  }
  if (want.body !== undefined) expect(body, label).toContain(want.body)
  for (const text of want.absent ?? []) expect(res.raw, label).not.toContain(text)
}

describe('bad-input catalog over raw HTTP', () => {
  it.each(CATALOG)('%s', async (name, want) => {
    expectAnswer(await rawRequest(gateway.port, want.request), want, name)
  })

  it('no request polluted Object.prototype: an empty object still lacks `polluted`', async () => {
    for (const body of ['{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '{}']) {
      const res = await rawRequest(gateway.port, message('POST', '/h/probe', json, body))
      expectAnswer(res, { request: Buffer.alloc(0), status: 400, code: 3204, body: 'polluted' }, body)
    }
    expectAnswer(
      await rawRequest(gateway.port, message('POST', '/h/probe', json, '{"polluted":1}')),
      { request: Buffer.alloc(0), status: 200, body: 'ok' },
      'own member',
    )
  })

  it('no upstream request carried an injected header, and the external DTD was never fetched', () => {
    expect(upstream.received.map((r) => r.headers['x-injected'])).toEqual(upstream.received.map(() => undefined))
    expect(upstream.received.map((r) => r.headers['x-echo'])).toEqual(['clean'])
  })

  it('the process still answers after the catalog', async () => {
    expectAnswer(
      await rawRequest(gateway.port, message('GET', '/h/query?a=1')),
      { request: Buffer.alloc(0), status: 200, body: '"count": 1' },
      'after',
    )
  })
})

describe('slow clients and keep-alive', () => {
  it('SVC_HEADERS_TIMEOUT: a request head dripping in gets 408 and the connection closes', async () => {
    const [first, ...parts] = 'GET /h/query HTTP/1.1\r\nHost: x\r\nX-Slow: 1'.split('')
    const res = await rawRequest(gateway.port, first!, { parts, gapMs: 150 })
    expectAnswer(res, { request: Buffer.alloc(0), status: 408, code: null }, 'slow head')
    expect(res.elapsedMs).toBeLessThan(3000)
  })

  it('SVC_HEADERS_TIMEOUT: a connection that sends nothing is closed', async () => {
    const res = await rawRequest(gateway.port, '')
    expect([0, 408]).toContain(res.status)
    expect(res.elapsedMs).toBeLessThan(3000)
  })

  it('SVC_REQUEST_TIMEOUT: a body dripping in gets 408 before it is complete', async () => {
    const head = 'POST /h/body HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n'
    const res = await rawRequest(gateway.port, head, { parts: 'abcdefghijklmnopqrstuvwxyz'.split(''), gapMs: 200 })
    expectAnswer(res, { request: Buffer.alloc(0), status: 408, code: null }, 'slow body')
    expect(res.elapsedMs).toBeGreaterThanOrEqual(1900)
    expect(res.elapsedMs).toBeLessThan(4000)
  })

  it('SVC_MAX_BODY_SIZE: a chunked body is refused once it passes the limit, without waiting for the rest', async () => {
    const head = 'POST /h/body HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n'
    const chunk = `4000\r\n${'a'.repeat(0x4000)}\r\n`
    // 64 chunks of 16 KiB = 1 MiB offered, 16 times the limit; the answer must come after about 5, and
    // in any case before the client has sent them all (counted, not timed: a busy machine delays both sides)
    const res = await rawRequest(gateway.port, head, { parts: Array.from({ length: 64 }, () => chunk), gapMs: 20 })
    expectAnswer(
      res,
      { request: Buffer.alloc(0), status: 413, code: 3212, body: `Request body exceeds ${BODY_LIMIT} bytes` },
      'chunked',
    )
    expect(headerOf(res, 'Connection')).toBe('close')
    expect(res.partsWritten).toBeLessThan(64)
  })

  it('SVC_KEEP_ALIVE_TIMEOUT: an idle keep-alive connection is closed (node adds 1 s of grace)', async () => {
    const res = await rawRequest(gateway.port, 'GET /h/query HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(res.status).toBe(200)
    expect(headerOf(res, 'Keep-Alive')).toBe('timeout=1, max=3')
    expect(res.elapsedMs).toBeLessThan(3500)
  })

  it('SVC_MAX_REQUESTS_PER_SOCKET: the last allowed response says Connection: close', async () => {
    const one = 'GET /h/query HTTP/1.1\r\nHost: x\r\n\r\n'
    const res = await rawRequest(gateway.port, one, { parts: [one, one], gapMs: 50 })
    const statuses = [...res.raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))
    expect(statuses).toEqual([200, 200, 200])
    expect([...res.raw.matchAll(/^Connection: (\S+)/gm)].map((m) => m[1])).toEqual([
      'keep-alive',
      'keep-alive',
      'close',
    ])
  })
})

/** Starts the bundle with `env` and returns its exit code and stderr (it must refuse to start). */
function startExpectingRefusal(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(gateway.outDir, 'server.mjs')], {
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const guard = setTimeout(() => child.kill('SIGKILL'), 10000)
    child.on('close', (code) => {
      clearTimeout(guard)
      resolve({ code, stderr })
    })
  })
}

const BAD_LIMITS: [string, string][] = [
  ['SVC_MAX_HEADER_SIZE', '16k'],
  ['SVC_MAX_HEADER_SIZE', '100'],
  ['SVC_MAX_URL_LENGTH', '0'],
  ['SVC_MAX_QUERY_PARAMS', '-1'],
  ['SVC_HEADERS_TIMEOUT', '0'],
  ['SVC_REQUEST_TIMEOUT', 'soon'],
  ['SVC_KEEP_ALIVE_TIMEOUT', '0'],
  ['SVC_MAX_REQUESTS_PER_SOCKET', '1.5'],
  ['SVC_UPSTREAM_MAX_CONNECTIONS', '0'],
  ['SVC_MAX_BODY_SIZE', '1e6'],
]

describe('CF3: a bad limit refuses the start with a clear message', () => {
  it.each(BAD_LIMITS)('%s=%s', async (variable, value) => {
    const { code, stderr } = await startExpectingRefusal({ [variable]: value })
    expect(code).toBe(1)
    const line = JSON.parse(stderr.trim().split('\n')[0]!) as Record<string, unknown>
    expect(line).toMatchObject({ type: 'svc_system', level: 'error', variable })
    expect(line['message']).toContain(`invalid value for ${variable}`)
  })

  it('SVC_HEADERS_TIMEOUT longer than SVC_REQUEST_TIMEOUT', async () => {
    const { code, stderr } = await startExpectingRefusal({ SVC_HEADERS_TIMEOUT: '30', SVC_REQUEST_TIMEOUT: '10' })
    expect(code).toBe(1)
    expect(stderr).toContain('at most SVC_REQUEST_TIMEOUT (10)')
  })
})
