/**
 * Upstream validation and mocking at run time against a real upstream (upstream.md UP-VAL-1..8,
 * UP-MOCK-1..3, UP-ERR-1..3, UP-RESP-3, UP-LOG-2, UP-NET-8; validation.md VA40-VA45): what is sent
 * (or not), what is stored and logged, and error 3211 for definitions that are not available.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'

import type { FlowHandler } from '../../../../runtime/context/handler.js'
import { RequestSettings } from '../../../../runtime/context/request-settings.js'
import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { plainValue } from '../../../../runtime/log/alert.js'
import { createMockTable } from '../../../../runtime/mock/mock-table.js'
import type { CompiledTemplate } from '../../../../runtime/template/compiled-template.js'
import { proxyEnv, proxyHandler } from '../../../../runtime/upstream/proxy-handler.js'
import { request } from '../../../../runtime/upstream/request-action.js'
import { UpstreamServices } from '../../../../runtime/upstream/services.js'
import { forcedHttps, parseTargetUrl } from '../../../../runtime/upstream/target-url.js'
import { createUpstreamDefinitionTable, definitionSitePath } from '../../../../runtime/upstream/upstream-definitions.js'
import { Content } from '../../../../runtime/values/content.js'
import { ask, makeApp, route, startTestGateway } from '../server/helpers.js'
import { cleanupSites, lines, upstreamOf } from '../validate/helpers.js'
import {
  DEFAULT_SETTINGS,
  errorVariable,
  requestBody,
  startUpstream,
  type Upstream,
  upstreamContext,
  upstreamVariable,
} from './helpers.js'

afterAll(cleanupSites)

const AT = 'flows/f.xml:2:3'
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const STOCK = upstreamOf({
  'definition.yaml': lines(
    'swagger: "2.0"',
    'basePath: /v1',
    'securityDefinitions:',
    '  Key: { type: apiKey, in: header, name: X-Key }',
    'paths:',
    '  /stock/{sku}:',
    '    get:',
    '      security: [{ Key: [] }]',
    '      parameters:',
    '        - { name: sku, in: path, required: true, type: string, pattern: "^[A-Z]+$" }',
    '      responses:',
    '        "200":',
    '          description: stock',
    '          schema: { type: object, required: [level], properties: { level: { type: integer } } }',
  ),
})

const DEFINITION = {
  ...STOCK,
  mocks: createMockTable([
    [
      '/stock/{sku}',
      [
        [
          'GET',
          [
            ['application/json', '{"level":7}'],
            ['text/plain', 'seven'],
          ],
        ],
      ],
    ],
  ]),
}

async function setup(
  handler?: Parameters<typeof startUpstream>[0],
): Promise<{ upstream: Upstream; test: ReturnType<typeof upstreamContext> }> {
  const upstream = await startUpstream(handler)
  closers.push(() => upstream.close())
  const services = new UpstreamServices(
    DEFAULT_SETTINGS,
    '/site',
    createUpstreamDefinitionTable(
      [['contracts/stock.yaml', DEFINITION]],
      [['contracts/broken.yaml', 'paths must be an object']],
    ),
  )
  closers.push(() => services.close())
  return { upstream, test: upstreamContext({}, services) }
}

function config(url: string, options: string, extra = ''): CompiledTemplate {
  return requestBody(`{"url": "${url}", ${extra}"options": {"definition": "../contracts/stock.yaml", ${options}}}`)
}

describe('UP-VAL: checks around the exchange', () => {
  it('VA40, UP-VAL-5: an invalid request is not sent; 3202 and the error document are stored, no request log line', async () => {
    const { upstream, test } = await setup()
    await request(
      test.ctx,
      AT,
      'flows',
      { content: 'stock' },
      config(`${upstream.origin}/v1/stock/abc`, '"validate-request": true'),
    )
    expect(upstream.requests).toHaveLength(0)
    expect(test.logs('svc_request')).toHaveLength(0)
    const entry = upstreamVariable(test.ctx).stock
    expect(entry).toMatchObject({
      url: `${upstream.origin}/v1/stock/abc`,
      status: 400,
      cacheHit: false,
      headers: { 'content-type': 'application/json' },
    })
    expect(entry.error).toMatchObject({
      code: 3202,
      status: 400,
      info: ["Pattern constraint violated in path for sku: 'abc' does not match '^[A-Z]+$'"],
    })
    expect(errorVariable(test.ctx)).toMatchObject({ code: 3202 })
    const stored = test.ctx.contents.upstream.get('stock') as Content
    expect(stored.mediaType).toBe('application/json')
    expect(JSON.parse(stored.text)).toMatchObject({ error: { code: 3202, requestID: 'req-1' } })
    expect(test.logs('svc_alert')).toEqual([expect.objectContaining({ topic: 'request', code: 3202, raised: false })])
  })

  it('VA42, UP-VAL-6: missing credentials are 3207 and nothing is sent; present ones pass', async () => {
    const { upstream, test } = await setup()
    await request(
      test.ctx,
      AT,
      'flows',
      { content: 'a' },
      config(`${upstream.origin}/v1/stock/ABC`, '"validate-request-security": true'),
    )
    expect(upstream.requests).toHaveLength(0)
    expect(upstreamVariable(test.ctx).a.error).toMatchObject({
      code: 3207,
      status: 401,
      info: ['Header Security (Key): Missing header X-Key'],
    })
    await request(
      test.ctx,
      AT,
      'flows',
      { content: 'b' },
      config(`${upstream.origin}/v1/stock/ABC`, '"validate-request-security": true', '"headers": {"X-Key": "k"}, '),
    )
    expect(upstream.requests).toHaveLength(1)
    expect(upstreamVariable(test.ctx).b.status).toBe(200)
  })

  it('VA41, UP-VAL-7, UP-RESP-4: a broken response is replaced by 3203; set-response-headers is not applied', async () => {
    const { upstream, test } = await setup()
    await request(
      test.ctx,
      AT,
      'flows',
      {},
      config(`${upstream.origin}/v1/stock/ABC`, '"validate-response": true, "set-response-headers": {"X-Seen": "yes"}'),
    )
    expect(upstream.requests).toHaveLength(1)
    expect(test.logs('svc_request')).toEqual([expect.objectContaining({ status: 200 })])
    const entry = upstreamVariable(test.ctx).main
    expect(entry.status).toBe(502)
    expect(entry.error.info).toEqual([
      'Required constraint violated in body for /level: the property is required',
      'Upstream status: 200 OK',
    ])
    expect(JSON.parse((test.ctx.contents.main![0] as Content).text)).toMatchObject({ error: { code: 3203 } })
    expect(test.ctx.response.headers.get('X-Seen')).toBeUndefined()
  })

  it('UP-ERR-4: with exit-on-error the validation error is raised', async () => {
    const { upstream, test } = await setup()
    const raised = await request(
      test.ctx,
      AT,
      'flows',
      {},
      config(`${upstream.origin}/v1/stock/abc`, '"validate-request": true, "exit-on-error": true'),
    ).catch((error: unknown) => error)
    expect(raised).toBeInstanceOf(RaisedError)
    expect((raised as RaisedError).alertTopic).toBe('request')
    expect(test.logs('svc_alert')).toEqual([])
  })

  it('UP-VAL-3, VA44: report-only sends, keeps the response and only writes validation alerts', async () => {
    const { upstream, test } = await setup((_req, res) => {
      res.setHeader('Content-Type', 'application/json')
      res.end('{"level": "high"}')
    })
    await request(
      test.ctx,
      AT,
      'flows',
      {},
      config(
        `${upstream.origin}/v1/stock/abc`,
        '"validate-request": "report-only", "validate-response": "report-only", "exit-on-error": true',
      ),
    )
    expect(upstream.requests).toHaveLength(1)
    expect(upstreamVariable(test.ctx).main).toMatchObject({ status: 200 })
    expect(errorVariable(test.ctx)).toBeUndefined()
    expect(test.logs('svc_alert').map((alert) => [alert['topic'], alert['code'], alert['raised']])).toEqual([
      ['validation', 3202, false],
      ['validation', 3203, false],
    ])
  })
})

describe('UP-MOCK', () => {
  it('UP-MOCK-1, UP-LOG-2: the example chosen by Accept, nothing sent, one request log line with zero timings', async () => {
    const { upstream, test } = await setup()
    await request(
      test.ctx,
      AT,
      'flows',
      {},
      config(
        `${upstream.origin}/v1/stock/ABC`,
        '"mock-response": true, "validate-response": true',
        '"headers": {"Accept": "text/plain, application/json;q=0.5"}, ',
      ),
    )
    expect(upstream.requests).toHaveLength(0)
    // the text/plain example is no JSON object: VA45 validates it like a real response
    expect(upstreamVariable(test.ctx).main.error.info).toEqual([
      'Type constraint violated in body for /: expected a JSON body',
      'Upstream status: 200 OK',
    ])
    const [line] = test.logs('svc_request')
    expect(line).toMatchObject({
      url: `${upstream.origin}/v1/stock/ABC`,
      status: 200,
      mime: 'text/plain',
      bytes: 5,
      id: 'main.0',
      cacheHit: false,
    })
    expect(line!.timing).toEqual({ DNS: 0, TCP: 0, TTFB: 0 })
  })

  it('UP-MOCK-1: status 200 with Content-Type and Mock: true, cacheHit false', async () => {
    const { upstream, test } = await setup()
    await request(test.ctx, AT, 'flows', {}, config(`${upstream.origin}/v1/stock/ABC`, '"mock-response": true'))
    expect(upstreamVariable(test.ctx).main).toEqual({
      url: `${upstream.origin}/v1/stock/ABC`,
      status: 200,
      cacheHit: false,
      headers: { 'content-type': 'application/json', mock: 'true' },
    })
    expect((test.ctx.contents.main![0] as Content).text).toBe('{"level":7}')
  })

  it('UP-MOCK-2: no example is 3101 with errorName ENOMOCK', async () => {
    const { upstream, test } = await setup()
    await request(test.ctx, AT, 'flows', {}, config(`${upstream.origin}/v1/other`, '"mock-response": true'))
    expect(upstreamVariable(test.ctx).main.error.info).toEqual([
      `Request 'main' to ${upstream.origin}/v1/other failed: no mock example`,
    ])
    expect(test.logs('svc_request')).toEqual([
      expect.objectContaining({ status: 0, errorName: 'ENOMOCK', errorMessage: 'no mock example' }),
    ])
  })
})

describe('UP-VAL-1, UP-VAL-2: 3211', () => {
  it.each([
    [
      'an unknown definition',
      '"definition": "nothing.yaml", "validate-request": true',
      'Upstream definition flows/nothing.yaml not found (flows/f.xml:2:3, request)',
    ],
    [
      'one that did not compile',
      '"definition": "/contracts/broken.yaml"',
      'Upstream definition contracts/broken.yaml is invalid: paths must be an object (flows/f.xml:2:3, request)',
    ],
    [
      'one outside the site',
      '"definition": "../../x.yaml"',
      'Upstream definition ../../x.yaml is outside the site (flows/f.xml:2:3, request)',
    ],
    [
      'a mock without definition',
      '"mock-response": "true"',
      'Option mock-response needs the option definition (flows/f.xml:2:3, request)',
    ],
  ])('%s', async (_, options, info) => {
    const { upstream, test } = await setup()
    const raised = await request(
      test.ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/v1/stock/A", "options": {${options}}}`),
    ).catch((error: unknown) => error)
    expect(raised).toBeInstanceOf(RaisedError)
    expect(plainValue((raised as RaisedError).errorObject)).toMatchObject({ code: 3211, info: [info] })
    expect(upstream.requests).toHaveLength(0)
  })
})

describe('UP-VAL-1: definition paths (F-LOC-1 forms)', () => {
  it.each([
    ['up.yaml', 'flows', 'flows/up.yaml'],
    ['../contracts/up.yaml', 'flows/sub', 'flows/contracts/up.yaml'],
    ['/contracts/up.yaml', 'flows', 'contracts/up.yaml'],
    ['svc://site/contracts/up.yaml', 'flows', 'contracts/up.yaml'],
    ['up.yaml', '', 'up.yaml'],
    ['../../up.yaml', 'flows', null],
    ['/', 'flows', null],
  ])('%s from %s', (value, dir, want) => {
    expect(definitionSitePath(value, dir)).toBe(want)
  })
})

describe('UP-NET-8: force-backend-https', () => {
  it.each([
    ['http://h.test/a?b=1', 'https://h.test/a?b=1', 443],
    ['http://h.test:8080/a', 'https://h.test:8080/a', 8080],
    ['https://h.test:8443/', 'https://h.test:8443/', 8443],
  ])('%s -> %s', (from, to, port) => {
    const parsed = parseTargetUrl(from, 'utf-8')
    if (!parsed.ok) throw new Error(parsed.reason)
    const url = forcedHttps(parsed.url)
    expect(`${url.origin}${url.pathname}${url.query === null ? '' : `?${url.query}`}`).toBe(to)
    expect(url.port).toBe(port)
  })

  it('every hop: an http redirect target is sent as https too', async () => {
    let origin = ''
    const { upstream, test } = await setup((req, res) => {
      if (req.url === '/a') {
        res.writeHead(302, { Location: `${origin}/b` })
        res.end()
      } else res.end('ok')
    })
    origin = upstream.origin
    test.ctx.settings = new RequestSettings()
    test.ctx.settings.merge('security/force-backend-https', {})
    await request(
      test.ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${upstream.origin}/a", "options": {"follow-redirects": true, "transport-protocol": "http"}}`,
      ),
    )
    const https = upstream.origin.replace('http:', 'https:')
    expect(test.logs('svc_request').map((line) => line['url'])).toEqual([`${https}/a`, `${https}/b`])
    expect(upstreamVariable(test.ctx).main).toMatchObject({ url: `${https}/b`, status: 200 })
    expect(upstream.requests.map((sent) => sent.headers['host'])).toEqual([
      `127.0.0.1:${upstream.port}`,
      `127.0.0.1:${upstream.port}`,
    ])
  })
})

describe('UP-GEN-6 step 2, VA40: a client body left unread for streaming is read for validate-request', () => {
  const ORDERS = upstreamOf({
    'definition.yaml': lines(
      'swagger: "2.0"',
      'basePath: /v1',
      'paths:',
      '  /orders:',
      '    post:',
      '      consumes: [application/json]',
      '      parameters:',
      '        - { name: body, in: body, required: true, schema: { type: object, required: [sku] } }',
    ),
  })

  async function gateway(upstream: Upstream) {
    // the handler says its body may stream; the validation option decides otherwise at run time
    const handler = proxyHandler(
      { origin: proxyEnv('UP'), stripEndpoint: true, addPrefix: '/v1', options: { definition: 'orders.yaml' } },
      { at: 'definition.yaml:5:5', dir: '', streamRequestBody: true },
    )
    const app = {
      ...makeApp({ basePath: '/gw', routes: [route('/**', null, handler as unknown as FlowHandler)] }),
      upstreamDefinitions: createUpstreamDefinitionTable([['orders.yaml', ORDERS]]),
    }
    const running = await startTestGateway(app, { UP: upstream.origin, SVC_MAX_BODY_SIZE: '64' })
    closers.push(() => running.close())
    return running
  }

  it('a valid body is forwarded byte for byte; an invalid one is 3202 and not sent; a large one 3212', async () => {
    const upstream = await startUpstream()
    closers.push(() => upstream.close())
    const { port } = await gateway(upstream)
    const post = (body: string) =>
      ask(port, { method: 'POST', path: '/gw/orders', headers: [['Content-Type', 'application/json']], body })
    const ok = await post('{"sku": "A-1"}')
    expect(ok.status, ok.text).toBe(200)
    expect(upstream.requests.map((sent) => [sent.url, sent.body.toString()])).toEqual([
      ['/v1/orders', '{"sku": "A-1"}'],
    ])
    const invalid = await post('{"name": "x"}')
    expect(invalid.status).toBe(400)
    expect(invalid.json().error).toMatchObject({
      code: 3202,
      info: ['Required constraint violated in body for /sku: the property is required'],
    })
    const large = await post(JSON.stringify({ sku: 'x'.repeat(100) }))
    expect(large.status).toBe(413)
    expect(upstream.requests).toHaveLength(1)
  })
})
