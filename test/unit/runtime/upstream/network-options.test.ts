/**
 * Connection options against real servers (upstream.md UP-NET-1..6, UP-CFG-7, UP-CFG-8, UP-RESP-4):
 * TLS verification, pinned versions and client certificates (a throw-away certificate made with the
 * openssl CLI), transport target, forward proxies, X-Forwarded-For, query encodings and the
 * set-response-headers option.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TLSSocket } from 'node:tls'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { request } from '../../../../runtime/upstream/request-action.js'
import { Content } from '../../../../runtime/values/content.js'
import {
  Cleanups,
  errorVariable,
  requestBody,
  upstreamContext,
  type UpstreamHandler,
  upstreamVariable,
} from './helpers.js'

const AT = 'flows/f.xml:2:3'
const cleanups = new Cleanups()
afterEach(() => cleanups.run())

function context() {
  const test = upstreamContext()
  cleanups.add(() => test.services.close())
  return test
}

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const OPENSSL = hasOpenssl()
let dir = ''
let cert = ''
let key = ''
/** Certificate and encrypted key in one PEM file (UP-NET-2), pass phrase `secret`. */
let clientPem = ''

beforeAll(() => {
  if (!OPENSSL) return
  dir = mkdtempSync(join(tmpdir(), 'svc-tls-'))
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' })
  run([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-days',
    '2',
  ])
  run(['pkcs8', '-topk8', '-in', 'key.pem', '-out', 'enc.pem', '-passout', 'pass:secret', '-v2', 'aes-256-cbc'])
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8')
  key = readFileSync(join(dir, 'key.pem'), 'utf8')
  clientPem = join(dir, 'client.pem')
  writeFileSync(clientPem, cert + readFileSync(join(dir, 'enc.pem'), 'utf8'))
})

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true })
})

async function httpsUpstream(
  options: { maxVersion?: 'TLSv1.2'; requestCert?: boolean } = {},
): Promise<{ origin: string; port: number; peers: (string | null)[] }> {
  const peers: (string | null)[] = []
  const server: HttpsServer = createHttpsServer(
    {
      cert,
      key,
      ca: [cert],
      requestCert: options.requestCert === true,
      rejectUnauthorized: false,
      ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate()
      const name = peer && 'subject' in peer && peer.subject ? peer.subject.CN : undefined
      peers.push(typeof name === 'string' ? name : null)
      res.end(`tls ${(req.socket as TLSSocket).getProtocol()} host=${req.headers.host}`)
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.add(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const port = (server.address() as AddressInfo).port
  return { origin: `https://127.0.0.1:${port}`, port, peers }
}

describe.skipIf(!OPENSSL)('TLS (UP-NET-1, UP-NET-2; needs the openssl CLI)', () => {
  it('a self-signed certificate fails verification; ignore-certificate-errors accepts it', async () => {
    const server = await httpsUpstream()
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${server.origin}/"}`))
    expect(errorVariable(ctx).info).toEqual([
      `Request 'main' to ${server.origin}/ failed: TLS handshake failed: DEPTH_ZERO_SELF_SIGNED_CERT`,
    ])
    expect(logs('svc_request')[0]!.errorName).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${server.origin}/", "options": {"ignore-certificate-errors": true}}`),
    )
    expect((ctx.contents.main![0] as Content).text).toBe(`tls TLSv1.3 host=127.0.0.1:${server.port}`)
  })

  it('tls-version pins one version: TLSv1.2 works, TLSv1.3 against a TLS 1.2 server fails', async () => {
    const server = await httpsUpstream({ maxVersion: 'TLSv1.2' })
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${server.origin}/", "options": {"ignore-certificate-errors": true, "tls-version": "TLSv1.2"}}`,
      ),
    )
    expect((ctx.contents.main![0] as Content).text).toMatch(/^tls TLSv1\.2 /)
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${server.origin}/", "options": {"ignore-certificate-errors": true, "tls-version": "TLSv1.3"}}`,
      ),
    )
    expect(errorVariable(ctx).info[0]).toMatch(/failed: TLS handshake failed: /)
  })

  it('UP-NET-2: a client certificate with its pass phrase is presented; a wrong pass phrase is 3211', async () => {
    const server = await httpsUpstream({ requestCert: true })
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${server.origin}/", "options": {"ignore-certificate-errors": true, "client-certificate-file": "${clientPem}", "client-certificate-password": "secret"}}`,
      ),
    )
    expect(server.peers).toEqual(['localhost'])
    const error = (await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${server.origin}/", "options": {"ignore-certificate-errors": true, "client-certificate-file": "${clientPem}", "client-certificate-password": "not-the-phrase"}}`,
      ),
    ).catch((e: unknown) => e)) as RaisedError
    expect(error).toBeInstanceOf(RaisedError)
    expect(error.code).toBe(3211)
    expect(String(error.errorObject.get('info'))).not.toContain('not-the-phrase')
    const missing = (await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${server.origin}/", "options": {"client-certificate-file": "/nonexistent/c.pem"}}`),
    ).catch((e: unknown) => e)) as RaisedError
    expect(missing.code).toBe(3211)
  })
})

describe('where connections go (UP-NET-3, UP-NET-4)', () => {
  it('UP-NET-3: transport-server and transport-port change only the connection target', async () => {
    const upstream = await upstreamWith((req, res) => res.end(req.headers.host))
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "http://api.example.test/x", "options": {"transport-server": "127.0.0.1", "transport-port": ${upstream.port}}}`,
      ),
    )
    expect((ctx.contents.main![0] as Content).text).toBe('api.example.test')
    expect(upstreamVariable(ctx).main.url).toBe('http://api.example.test/x')
  })

  it('UP-NET-4: an http URL goes to the proxy in absolute form with Proxy-Authorization', async () => {
    const seen: { url: string; auth: string | undefined }[] = []
    const proxy = createHttpServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'] })
      res.end('via proxy')
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    cleanups.add(() => new Promise<void>((resolve) => proxy.close(() => resolve())))
    const { ctx } = context()
    const port = (proxy.address() as AddressInfo).port
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "http://api.example.test/items?a=1", "options": {"proxy-server": "127.0.0.1:${port}", "proxy-credentials": "pu:pp"}}`,
      ),
    )
    expect((ctx.contents.main![0] as Content).text).toBe('via proxy')
    expect(seen).toEqual([
      { url: 'http://api.example.test/items?a=1', auth: `Basic ${Buffer.from('pu:pp').toString('base64')}` },
    ])
  })

  it('UP-NET-4: a refused CONNECT for an https URL fails with "proxy CONNECT failed: 407"', async () => {
    const proxy = createHttpServer()
    proxy.on('connect', (_req, socket) =>
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n'),
    )
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    cleanups.add(() => new Promise<void>((resolve) => proxy.close(() => resolve())))
    const { ctx, logs } = context()
    const port = (proxy.address() as AddressInfo).port
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "https://api.example.test/", "options": {"proxy-server": "127.0.0.1:${port}"}}`),
    )
    expect(errorVariable(ctx).info).toEqual([
      "Request 'main' to https://api.example.test/ failed: proxy CONNECT failed: 407",
    ])
    expect(logs('svc_request')[0]!.errorName).toBe('EPROXY')
  })
})

describe('request fields (UP-NET-5, UP-CFG-7, UP-CFG-8, UP-RESP-4)', () => {
  it('UP-NET-5: send-x-forwarded-for appends the client address to the client X-Forwarded-For', async () => {
    const upstream = await upstreamWith((req, res) => res.end(req.headers['x-forwarded-for'] ?? 'none'))
    const { ctx } = context()
    ctx.request = {
      remoteAddress: '::ffff:10.0.0.7',
      headers: new Map([['x-forwarded-for', '203.0.113.5']]),
    } as unknown as NonNullable<typeof ctx.request>
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${upstream.origin}/", "headers": {"X-Forwarded-For": "ignored"}, "options": {"send-x-forwarded-for": true}}`,
      ),
    )
    expect((ctx.contents.main![0] as Content).text).toBe('203.0.113.5, 10.0.0.7')
  })

  it('UP-CFG-7: string queries keep what a query may hold; query-encoding-raw-chars; latin1 encoding', async () => {
    const upstream = await upstreamWith((req, res) => res.end(req.url))
    const { ctx } = context()
    const sent = async (config: string) => {
      await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/p", ${config}}`))
      return (ctx.contents.main![0] as Content).text
    }
    expect(await sent(`"query": "?a=1&b='x'+/?%41%zz ü<>"`)).toBe("/p?a=1&b='x'+/?%41%25zz%20%C3%BC%3C%3E")
    expect(await sent(`"query": {"path": "a/b:c", "sp": "x y"}, "options": {"query-encoding-raw-chars": "/:"}`)).toBe(
      '/p?path=a/b:c&sp=x+y',
    )
    expect(await sent(`"query": {"name": "Müller"}, "encoding": "latin1"`)).toBe('/p?name=M%FCller')
    expect(await sent(`"query": ""`)).toBe('/p')
    const error = (await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/p", "query": {"x": "€"}, "encoding": "ISO-8859-1"}`),
    ).catch((e: unknown) => e)) as RaisedError
    expect(error.code).toBe(5001)
    expect(String(error.errorObject.get('info'))).toContain('cannot be encoded in ISO-8859-1')
  })

  it('UP-CFG-4: non-ASCII header values go out as UTF-8 bytes; Host may be overridden', async () => {
    const upstream = await upstreamWith((req, res) =>
      res.end(`${Buffer.from(req.headers['x-name'] as string, 'latin1').toString('utf8')} ${req.headers.host}`),
    )
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/", "headers": {"X-Name": "Zoë", "Host": "virtual.example.test"}}`),
    )
    expect((ctx.contents.main![0] as Content).text).toBe('Zoë virtual.example.test')
  })

  it('UP-RESP-4: set-response-headers applies to the client response; not after a failure', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('x'))
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${upstream.origin}/", "options": {"set-response-headers": {"Cache-Control": "max-age=60", "X-Many": ["a", "b"], "Status": 201}}}`,
      ),
    )
    expect(ctx.response.headers.entries()).toEqual([
      ['Cache-Control', 'max-age=60'],
      ['X-Many', 'a'],
      ['X-Many', 'b'],
    ])
    expect(ctx.response.status).toBe(200)
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "http://127.0.0.1:1/", "options": {"set-response-headers": {"X-Failed": "yes"}}}`),
    )
    expect(ctx.response.headers.get('x-failed')).toBeUndefined()
  })
})
