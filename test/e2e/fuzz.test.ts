/**
 * Issue 8: a seeded fuzz run against a compiled bundle of test/fixtures/hardening. A small generator
 * of our own (no property-testing library) makes a few hundred raw requests: odd methods, targets
 * with odd bytes and encodings, random header fields, bodies that are JSON, XML, bytes or lies about
 * their length. Every answer must be well-formed HTTP/1.1; every error must carry the JSON system
 * error document with a matching status, except the HTTP layer's own answers (definition.md PL19,
 * SVC_MAX_URL_LENGTH), which are empty with `Connection: close`. The process must never die, and no
 * request may end in an internal error. The seed is fixed so that CI runs are repeatable;
 * `FUZZ_SEED=<n>` explores another run, `FUZZ_REQUESTS=<n>` makes it longer; failures print the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RunningGateway } from '../helpers/gateway-process.js'
import { type HardeningGateway, startHardeningGateway } from '../helpers/hardening-gateway.js'
import { rawRequest } from '../helpers/raw-http.js'
import { seededRandom } from '../helpers/seeded-random.js'

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123)
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 300)
const PARALLEL = 6

class Fuzzer {
  readonly next: () => number
  constructor(seed: number) {
    this.next = seededRandom(seed)
  }
  int(max: number): number {
    return Math.floor(this.next() * max)
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }
  bytes(length: number): Buffer {
    return Buffer.from(Array.from({ length }, () => this.int(256)))
  }
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'PURGE',
  'CONNECT',
  'get',
  'FOO',
  'M-SEARCH',
]
const PATHS = [
  '/h/orders',
  '/h/probe',
  '/h/members',
  '/h/body',
  '/h/xml',
  '/h/header',
  '/h/forward',
  '/h/files/x',
  '/h/raw/x',
  '/h/match',
  '/h/cookies',
  '/h/query',
  '/h/upstream/ok',
  '/',
  '/hello.txt',
  '/_svc/health',
  '/h',
  '/h/',
  '*',
  'http://other.test/h/raw/y',
  'example.com:443',
]
/** Pieces of targets: encodings valid and not, dot segments, bytes HTTP does not allow. */
const TARGET_PIECES = [
  '/',
  '//',
  '/..',
  '/.',
  '/%2e%2e',
  '%2f',
  '%00',
  '%zz',
  '%',
  '%c3%a9',
  '%ff',
  '%C0%AF',
  'a',
  'Z9',
  '~',
  "!$&'()*+,;=",
  ':@',
  '[]',
  '{x}',
  '%20',
  '%0d%0a',
]
/** Bytes HTTP does not allow in a target: node's parser refuses them (PL19), so they come less often. */
const RAW_TARGET_PIECES = [' ', '\t', '\x00', '\x7f', '\x80', '\xff', '"', '<>', '\\', '^`|', '#frag']
const QUERY_PIECES = [
  'v=a%0d%0aSet-Cookie:%20x=1',
  'v=%00',
  'v=clean',
  's=aaaa',
  's=' + 'a'.repeat(30),
  '__proto__[x]=1',
  'constructor=1',
  'a=1&a=2',
  '=',
  '&&&',
  'x=%zz',
  'k=' + 'q'.repeat(200),
  'p=%E2%80%A8',
]
const HEADER_NAMES = [
  'Content-Type',
  'Accept',
  'Cookie',
  'X-Request-ID',
  'Origin',
  'Authorization',
  'Debug',
  'Mock',
  'X-Forwarded-Proto',
  'X-Forwarded-Host',
  'If-Modified-Since',
  'Accept-Encoding',
  'Expect',
  'Range',
  'X-Echo',
  'x-odd_name',
  'X:Colon',
]
/** Header names that change message framing or are invalid, and values node's parser refuses (PL19). */
const BAD_HEADER_NAMES = ['Transfer-Encoding', 'Content-Length', 'Host', 'X Space', '', 'X\x00']
const BAD_HEADER_VALUES = ['a\x00b', 'a\rb', 'a\nb']
const HEADER_VALUES = [
  'application/json',
  'application/xml',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=b',
  'application/vnd.x+json; charset=latin1',
  '*/*',
  'sid=1; __proto__=2; a',
  '"quoted"',
  'true',
  'Basic Zm9vOmJhcg==',
  'Bearer a.b.c',
  'https',
  'evil.test:1',
  'Thu, 01 Jan 1970 00:00:00 GMT',
  'gzip, br',
  '100-continue',
  'bytes=0-1',
  'chunked',
  'gzip, chunked',
  '-1',
  '99999999999999999999',
  '',
  '\u00e9\u00e8',
  'x'.repeat(3000),
]
const BODIES: ((f: Fuzzer) => Buffer)[] = [
  () => Buffer.from('{"a":1,"b":[true,null,"x"]}'),
  () => Buffer.from('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  () => Buffer.from('{"a":'),
  (f) => Buffer.from('['.repeat(f.int(700)) + ']'.repeat(f.int(700))),
  () => Buffer.from('{"n":1e99999,"m":-0.0e-400}'),
  () => Buffer.from('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>'),
  () => Buffer.from('<r a="1"><b>text</b></r>'),
  () => Buffer.from('a=1&b=%zz&__proto__=x'),
  () => Buffer.from('--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n--b--\r\n'),
  (f) => f.bytes(f.int(300)),
  (f) => Buffer.from('x'.repeat(f.int(70000))),
]

interface Generated {
  readonly bytes: Buffer
  readonly method: string
}

function generate(f: Fuzzer): Generated {
  const method = f.pick(METHODS)
  let target = f.pick(PATHS)
  // half of the targets stay routable, so that flows run too
  for (let n = f.chance(0.5) ? 0 : 1 + f.int(3); n > 0; n--)
    target += f.pick(f.chance(0.1) ? RAW_TARGET_PIECES : TARGET_PIECES)
  if (f.chance(0.4)) target += '?' + Array.from({ length: 1 + f.int(4) }, () => f.pick(QUERY_PIECES)).join('&')
  const lines = [`${method} ${target} HTTP/1.1`]
  if (!f.chance(0.05)) lines.push('Host: gw.test')
  for (let n = f.int(6); n > 0; n--) {
    const bad = f.chance(0.04)
    lines.push(
      `${f.pick(bad ? BAD_HEADER_NAMES : HEADER_NAMES)}: ${f.pick(bad && f.chance(0.5) ? BAD_HEADER_VALUES : HEADER_VALUES)}`,
    )
  }
  const body = f.chance(0.5) ? f.pick(BODIES)(f) : null
  if (body !== null) {
    const lie = f.chance(0.08) ? f.pick([-3, 5, 1000]) : 0
    if (f.chance(0.15)) lines.push('Transfer-Encoding: chunked')
    else lines.push(`Content-Length: ${Math.max(0, body.length + lie)}`)
  }
  // without it the connection stays open until SVC_KEEP_ALIVE_TIMEOUT (plus node's 1 s of grace)
  if (f.chance(0.9)) lines.push('Connection: close')
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1')
  let payload = body ?? Buffer.alloc(0)
  if (body !== null && lines.includes('Transfer-Encoding: chunked'))
    payload = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
  return { bytes: Buffer.concat([head, payload]), method }
}

interface Parsed {
  readonly status: number
  readonly headers: Map<string, string>
  readonly body: Buffer
}

/**
 * Splits what came back into responses and checks each is well-formed: a status line, header fields,
 * and a body framed by Content-Length or chunked encoding (HEAD responses have none).
 */
function parseResponses(raw: Buffer, head: boolean): Parsed[] {
  const found: Parsed[] = []
  let at = 0
  while (at < raw.length) {
    const end = raw.indexOf('\r\n\r\n', at)
    if (end < 0) throw new Error(`an incomplete response head at byte ${at}`)
    const lines = raw.subarray(at, end).toString('latin1').split('\r\n')
    const status = /^HTTP\/1\.1 ([1-5]\d\d) [^\r\n]*$/.exec(lines[0]!)
    if (status === null) throw new Error(`not a status line: ${JSON.stringify(lines[0])}`)
    const headers = new Map<string, string>()
    for (const line of lines.slice(1)) {
      const field = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line)
      if (field === null) throw new Error(`not a header field: ${JSON.stringify(line)}`)
      headers.set(field[1]!.toLowerCase(), field[2]!)
    }
    at = end + 4
    let body: Buffer = Buffer.alloc(0)
    const code = Number(status[1])
    // a HEAD request's final answer has no body; interim 1xx answers (100 Continue) never have one
    const bodiless = (head && found.every((r) => r.status < 200)) || code === 204 || code === 304 || code < 200
    if (!bodiless && headers.has('content-length')) {
      const length = Number(headers.get('content-length'))
      if (at + length > raw.length) throw new Error(`Content-Length ${length} but only ${raw.length - at} bytes`)
      body = raw.subarray(at, at + length)
      at += length
    } else if (!bodiless && headers.get('transfer-encoding') === 'chunked') {
      const chunks: Buffer[] = []
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', at)
        const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16)
        if (lineEnd < 0 || Number.isNaN(size)) throw new Error('broken chunked body')
        at = lineEnd + 2
        if (size === 0) {
          at += 2
          break
        }
        chunks.push(raw.subarray(at, at + size))
        at += size + 2
      }
      body = Buffer.concat(chunks)
    } else if (!bodiless) throw new Error(`status ${code} without Content-Length or chunked encoding`)
    found.push({ status: code, headers, body })
  }
  return found
}

/** `$error/code` of a system error document, or `-` (HTTP layer, HEAD, a flow's own answer). */
function errorCodeOf(response: Parsed): string {
  try {
    return String((JSON.parse(response.body.toString('utf8')) as { error: { code: number } }).error.code)
  } catch {
    return '-'
  }
}

/** The HTTP layer's own answers (PL19, 408, 414, and node's 503 past SVC_MAX_REQUESTS_PER_SOCKET). */
const HTTP_LAYER = new Set([400, 408, 414, 431, 503])

function checkAnswer(response: Parsed, head: boolean): void {
  if (response.status < 400) return
  if (response.body.length === 0 && !head) {
    expect(HTTP_LAYER.has(response.status), `an empty ${response.status}`).toBe(true)
    expect(response.headers.get('connection'), `empty ${response.status} keeps the connection`).toBe('close')
    return
  }
  if (head) return
  // the one error a fixture flow sends itself (flows/xml.xml); every other error is the gateway's
  if (response.status === 422 && response.body.toString('utf8') === 'refused') return
  expect(response.headers.get('content-type')).toBe('application/json')
  const document = JSON.parse(response.body.toString('utf8')) as { error?: { status?: unknown; code?: unknown } }
  expect(document.error?.status).toBe(response.status)
  expect(typeof document.error?.code).toBe('number')
}

let fixture: HardeningGateway | undefined
let gateway: RunningGateway

beforeAll(async () => {
  fixture = await startHardeningGateway({
    SVC_MAX_BODY_SIZE: '65536',
    SVC_ALLOW_MOCKING: 'true',
    SVC_DEBUG_ALLOW_HEADER: 'true',
    SVC_TRUST_REQUEST_ID: 'true',
    SVC_TRUST_PROXY: 'true',
  })
  gateway = fixture.gateway
})

afterAll(() => fixture?.stop())

describe(`fuzz (FUZZ_SEED=${SEED})`, () => {
  it(`${REQUESTS} random requests: well-formed answers, JSON errors, no internal errors, process alive`, async () => {
    const fuzzer = new Fuzzer(SEED)
    const cases = Array.from({ length: REQUESTS }, () => generate(fuzzer))
    const statuses = new Map<string, number>()
    for (let start = 0; start < cases.length; start += PARALLEL) {
      await Promise.all(
        cases.slice(start, start + PARALLEL).map(async (generated, offset) => {
          const label = `FUZZ_SEED=${SEED} case ${start + offset}: ${JSON.stringify(generated.bytes.toString('latin1').slice(0, 300))}`
          const res = await rawRequest(gateway.port, generated.bytes, { timeoutMs: 8000 }).catch((error: Error) => {
            throw new Error(`${label}: ${error.message}`)
          })
          const raw = Buffer.from(res.raw, 'latin1')
          expect(raw.length, `${label}: no answer at all`).toBeGreaterThan(0)
          let responses: Parsed[]
          try {
            responses = parseResponses(raw, generated.method === 'HEAD')
          } catch (error) {
            throw new Error(`${label}: ${(error as Error).message}\n${res.raw.slice(0, 600)}`)
          }
          responses.forEach((response, i) => {
            const key = response.status >= 400 ? `${response.status}/${errorCodeOf(response)}` : String(response.status)
            statuses.set(key, (statuses.get(key) ?? 0) + 1)
            try {
              checkAnswer(response, generated.method === 'HEAD' && responses.slice(0, i).every((r) => r.status < 200))
            } catch (error) {
              throw new Error(`${label}: ${(error as Error).message}\n${res.raw.slice(0, 600)}`)
            }
          })
        }),
      )
    }
    // the process is alive and still serves
    const health = await rawRequest(gateway.port, 'GET /_svc/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(health.status, `FUZZ_SEED=${SEED}`).toBe(200)
    const internal = gateway.logLines.filter((line) => /"message":"(Internal error|uncaught error)/.test(line))
    expect(internal, `FUZZ_SEED=${SEED}: internal errors`).toEqual([])
    expect(statuses.size, `FUZZ_SEED=${SEED}: statuses ${JSON.stringify([...statuses])}`).toBeGreaterThan(3)
    console.log(
      `fuzz FUZZ_SEED=${SEED}: ${REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0].localeCompare(b[0]))))}`,
    )
  }, 240_000)
})
