/**
 * `$request` over real HTTP (definition.md section 10, R1-R11, P16), `$server` (SV1), `$env`
 * (F-VAR-14), `$body` (F-VAR-13) and `$request/post` (PL18).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  ask,
  DUMP_REQUEST,
  flow,
  makeApp,
  parseRaw,
  rawExchange,
  route,
  startTestGateway,
  type TestGateway,
} from './helpers.js'

const DUMP_VARS = flow('flows/vars.xml', (ctx) => {
  ctx.contents.main = [...ctx.vars.get('server'), ...ctx.vars.get('env')]
})
const ECHO_BODY = flow('flows/body.xml', (ctx) => {
  ctx.contents.main = ctx.vars.get('body')
})

let gw: TestGateway
let rootGw: TestGateway
beforeAll(async () => {
  const routes = [
    route('/**', null, DUMP_REQUEST),
    route('/foo/**', null, DUMP_REQUEST),
    route('/foo/qux', null, DUMP_REQUEST),
    route('/foo/{p1}', null, DUMP_REQUEST),
    route('/vars', null, DUMP_VARS),
    route('/body', null, ECHO_BODY),
  ]
  gw = await startTestGateway(makeApp({ basePath: '/api', routes, defaultFlow: DUMP_REQUEST }), {
    SVC_SERVER_ROLE: 'staging',
    SVC_TRUST_REQUEST_ID: 'true',
    ZED: 'z',
    ALPHA: 'a',
    _U: 'u',
    'not xml': 'x',
  })
  rootGw = await startTestGateway(makeApp({ routes: [route('/**', null, DUMP_REQUEST)] }))
})
afterAll(async () => {
  await gw.close()
  await rootGw.close()
})

/** The `$request` JSON of a raw request (lines joined with CRLF). */
async function rawRequest(port: number, lines: string[], body = ''): Promise<any> {
  const raw = await rawExchange(port, Buffer.from(lines.join('\r\n') + '\r\n\r\n' + body, 'latin1'))
  const { statusLine, body: text } = parseRaw(raw)
  expect(statusLine).toBe('HTTP/1.1 200 OK')
  return JSON.parse(Buffer.from(text, 'latin1').toString('utf8'))
}

describe('$request members', () => {
  it('R4 all members in table order; R11 query present only with a query', async () => {
    const request = (await ask(gw.port, { path: '/api/foo/qux?x=1', headers: [['Cookie', 'c=1']] })).json()
    expect(Object.keys(request)).toEqual([
      'method',
      'purpose',
      'debug',
      'host',
      'port',
      'id',
      'url',
      'path',
      'query',
      'headers',
      'get',
      'cookies',
      'params',
      'endpoint',
    ])
    expect(request).toMatchObject({
      method: 'GET',
      purpose: 'main',
      debug: '',
      host: '127.0.0.1',
      port: gw.port,
      query: 'x=1',
    })
  })

  it('R11 no query, no cookies: both absent, get is an empty object', async () => {
    const request = (await ask(gw.port, { path: '/api/foo/qux?' })).json()
    expect(request).not.toHaveProperty('query')
    expect(request).not.toHaveProperty('cookies')
    expect(request.get).toEqual({})
    expect(request.params).toEqual({})
    expect(request.url).toBe(`http://127.0.0.1:${gw.port}/api/foo/qux`)
  })

  it('R1 R5 repeated headers joined, cookie with "; ", for every name, first-arrival order', async () => {
    const request = await rawRequest(gw.port, [
      'GET /api/x HTTP/1.1',
      'Host: h.example',
      'User-Agent: one',
      'X-Tag:  a  ',
      'cookie: a=1',
      'USER-AGENT: two',
      'Authorization: A',
      'Cookie: b="2"',
      'authorization: B',
      'Connection: close',
    ])
    expect(request.headers).toEqual({
      host: 'h.example',
      'user-agent': 'one, two',
      'x-tag': 'a',
      cookie: 'a=1; b="2"',
      authorization: 'A, B',
      connection: 'close',
    })
    expect(request.cookies).toEqual({ a: '1', b: '2' })
  })

  it('R5 header bytes: UTF-8 when valid, else ISO-8859-1', async () => {
    const utf8 = Buffer.from('grüße', 'utf8').toString('latin1')
    const request = await rawRequest(gw.port, [
      'GET /api/x HTTP/1.1',
      'Host: h',
      `X-U: ${utf8}`,
      'X-L: gr\xfc\xdfe',
      'Connection: close',
    ])
    expect(request.headers['x-u']).toBe('grüße')
    expect(request.headers['x-l']).toBe('grüße')
  })

  it('R6 query decoding, last value wins at the first position, ?flag is ""', async () => {
    const request = (await ask(gw.port, { path: '/api/x?tag=a&b=%C3%A4+x&flag&tag=b&bad=%zz&inv=%FF' })).json()
    expect(request.get).toEqual({ tag: 'b', b: 'ä x', flag: '', bad: '%zz', inv: '\uFFFD' })
    expect(Object.keys(request.get)).toEqual(['tag', 'b', 'flag', 'bad', 'inv'])
    expect(request.query).toBe('tag=a&b=%C3%A4+x&flag&tag=b&bad=%zz&inv=%FF')
  })

  it('R7 cookies parsed from the joined header', async () => {
    const request = (
      await ask(gw.port, { path: '/api/x', headers: [['Cookie', ' a = 1 ; a=2; q="x y"; raw=%41']] })
    ).json()
    expect(request.cookies).toEqual({ a: '1', q: 'x y', raw: '%41' })
  })

  it('R9 host, port and url from the Host header', async () => {
    const request = await rawRequest(gw.port, ['GET /api/x?y HTTP/1.1', 'Host: Shop.Example:8443', 'Connection: close'])
    expect(request).toMatchObject({ host: 'shop.example', port: 8443, url: 'http://Shop.Example:8443/api/x?y' })
  })

  it('R9 without Host (HTTP/1.0) the listening address is used', async () => {
    const request = await rawRequest(gw.port, ['GET /api/x HTTP/1.0'])
    expect(request).toMatchObject({ host: '127.0.0.1', port: gw.port, url: `http://127.0.0.1:${gw.port}/api/x` })
  })

  it('P16 absolute form: path and query from the target, authority replaces Host', async () => {
    const request = await rawRequest(gw.port, [
      'GET http://X.example:81/api/foo/qux?a=1 HTTP/1.1',
      'Host: ignored',
      'Connection: close',
    ])
    expect(request).toMatchObject({
      host: 'x.example',
      port: 81,
      path: '/api/foo/qux',
      query: 'a=1',
      url: 'http://X.example:81/api/foo/qux?a=1',
      endpoint: '/api/foo/qux',
    })
  })

  it('LG2 $request/id equals the access log requestID; a trusted X-Request-ID is used', async () => {
    const request = (await ask(gw.port, { path: '/api/x', headers: [['X-Request-ID', 'trace-42']] })).json()
    expect(request.id).toBe('trace-42')
    const access = await gw.waitForLog('svc_access', (l) => l['requestID'] === 'trace-42')
    expect(access['path']).toBe('/api/x')
  })
})

const R3: [string, string, Record<string, string>][] = [
  ['/api/foo/qux', '/api/foo/qux', {}],
  ['/api/foo/other', '/api/foo/other', { p1: 'other' }],
  ['/api/foo/bar/qux', '/api/foo', {}],
  ['/api/bar', '/api', {}],
  ['/api/fo%6F/bar/baz', '/api/fo%6F', {}],
  ['/api/foo/a%2Fb', '/api/foo/a%2Fb', { p1: 'a/b' }],
  ['/api', '/api', {}],
  ['/outside/x', '/outside/x', {}],
]

describe('R2 R3 R8 endpoint and params', () => {
  it.each(R3)('%s -> endpoint %s', async (path, endpoint, params) => {
    const request = (await ask(gw.port, { path })).json()
    expect(request.path).toBe(path)
    expect(request.endpoint).toBe(endpoint)
    expect(request.params).toEqual(params)
  })

  it('R8 basePath / with /** gives the empty endpoint', async () => {
    const request = (await ask(rootGw.port, { path: '/any/thing' })).json()
    expect(request.endpoint).toBe('')
  })
})

describe('$server, $env, $body, post', () => {
  it('SV1 $server members in order; F-VAR-14 $env in code point order', async () => {
    const [server, env] = (await ask(gw.port, { path: '/api/vars' })).json()
    expect(Object.keys(server)).toEqual(['role', 'name', 'version', 'revision', 'hostname', 'started'])
    expect(server).toMatchObject({ role: 'staging', name: 'svc-gateway', version: '1.2.3', revision: 'abc123def456' })
    expect(server.started).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    expect(Object.keys(env)).toEqual([
      'ALPHA',
      'HOST',
      'PORT',
      'SVC_SERVER_ROLE',
      'SVC_TRUST_REQUEST_ID',
      'ZED',
      '_U',
      'not xml',
    ])
    expect(env['not xml']).toBe('x')
  })

  it('SV1 role absent when SVC_SERVER_ROLE is unset', async () => {
    const other = await startTestGateway(makeApp({ routes: [route('/vars', null, DUMP_VARS)] }))
    const [server] = (await ask(other.port, { path: '/vars' })).json()
    await other.close()
    expect(server).not.toHaveProperty('role')
  })

  it('F-VAR-13 $body keeps the bytes and media type of the request', async () => {
    const reply = await ask(gw.port, {
      method: 'POST',
      path: '/api/body',
      headers: [['Content-Type', 'application/json']],
      body: '{"a": 1.50}',
    })
    expect(reply.headers['content-type']).toBe('application/json')
    expect(reply.text).toBe('{"a": 1.50}')
  })

  it('F-VAR-13 no body: an empty body', async () => {
    const reply = await ask(gw.port, { path: '/api/body' })
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('')
  })

  it('PL18 post from a urlencoded body (R6 rules)', async () => {
    const request = (
      await ask(gw.port, {
        method: 'POST',
        path: '/api/x?q=1',
        headers: [['Content-Type', 'application/x-www-form-urlencoded; charset=utf-8']],
        body: 'a=1&b=%C3%A4+&a=2',
      })
    ).json()
    expect(Object.keys(request)).toEqual([
      'method',
      'purpose',
      'debug',
      'host',
      'port',
      'id',
      'url',
      'path',
      'query',
      'headers',
      'get',
      'post',
      'params',
      'endpoint',
    ])
    expect(request.post).toEqual({ a: '2', b: 'ä ' })
  })

  it('PL18 post from multipart/form-data: non-file fields only', async () => {
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="title"',
      '',
      'Grüße',
      '--XyZ',
      'Content-Disposition: form-data; name="upload"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'file content',
      '--XyZ',
      'Content-Disposition: form-data; name="n"',
      '',
      'line1\r\nline2',
      '--XyZ--',
      '',
    ].join('\r\n')
    const request = (
      await ask(gw.port, {
        method: 'POST',
        path: '/api/x',
        headers: [['Content-Type', 'multipart/form-data; boundary=XyZ']],
        body,
      })
    ).json()
    expect(request.post).toEqual({ title: 'Grüße', n: 'line1\r\nline2' })
  })

  it('section 10: post absent for other media types', async () => {
    const request = (
      await ask(gw.port, { method: 'POST', path: '/api/x', headers: [['Content-Type', 'text/plain']], body: 'a=1' })
    ).json()
    expect(request).not.toHaveProperty('post')
  })
})
