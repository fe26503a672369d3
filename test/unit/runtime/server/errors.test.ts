/**
 * Raised errors (flows.md F-KIND-7, errors.md X10-X17, EF1-EF12): the system error document and its
 * headers, status rules, the error flow (content, no content, no recursion) and internal errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { FlowContext } from '../../../../runtime/context/flow-context.js'
import { flowExecutionError, RaisedError } from '../../../../runtime/errors/raised-error.js'
import { JsonNumber, JsonObject } from '../../../../runtime/values/json-value.js'
import { ask, flow, makeApp, rawExchange, route, startTestGateway, type TestGateway } from './helpers.js'

/** An `error` action result (X11): custom object without requestID. */
function actionError(members: [string, unknown][]): RaisedError {
  const entries = members.map(([k, v]) => [k, typeof v === 'number' ? new JsonNumber(String(v)) : v] as [string, never])
  return new RaisedError(JsonObject.fromEntries(entries), 'error')
}

function setHeadersThenFail(ctx: FlowContext, error: unknown): never {
  const headers = ctx.response.headers
  headers.set('X-Keep', 'kept')
  for (const name of [
    'Content-Type',
    'Location',
    'ETag',
    'Last-Modified',
    'Expires',
    'Content-Language',
    'Content-Disposition',
  ])
    headers.set(name, 'x')
  headers.set('Cache-Control', 'max-age=60')
  ctx.contents.main = ['discarded']
  throw error
}

const teapot = actionError([
  ['status', 418],
  ['code', 7],
  ['message', 'Tea'],
  ['info', ['a']],
  ['extra', true],
])

const ROUTES = [
  route(
    '/custom',
    null,
    flow('flows/custom.xml', (ctx) => setHeadersThenFail(ctx, teapot)),
  ),
  route(
    '/internal',
    null,
    flow('flows/internal.xml', () => {
      throw new TypeError('secret detail')
    }),
  ),
  route(
    '/rf',
    null,
    flow('flows/rf.xml', (ctx) => {
      throw flowExecutionError('flows/rf.xml:3:9', 'template', 'FORG0001: invalid value', ctx.requestId)
    }),
  ),
  route(
    '/badstatus',
    null,
    flow('flows/bad.xml', () => {
      throw actionError([['status', 700]])
    }),
  ),
  route(
    '/textstatus',
    null,
    flow('flows/text.xml', () => {
      throw actionError([['status', 'abc']])
    }),
  ),
  route('/get-only', [['GET', flow('flows/g.xml', () => {})]]),
  route(
    '/badheader',
    null,
    flow('flows/h.xml', (ctx) => {
      ctx.response.headers.set('X-Bad', 'line\r\nInjected: 1')
      ctx.contents.main = ['never sent']
    }),
  ),
]

let plain: TestGateway
beforeAll(async () => {
  plain = await startTestGateway(makeApp({ routes: ROUTES }))
})
afterAll(() => plain.close())

describe('X15 the system error document', () => {
  it('X15 X11 body: compact, members in order, requestID added after info, extras last', async () => {
    const reply = await ask(plain.port, { path: '/custom' })
    expect(reply.status).toBe(418)
    const id = reply.json().error.requestID
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(reply.text).toBe(
      `{"error":{"status":418,"code":7,"message":"Tea","info":["a"],"requestID":"${id}","extra":true}}`,
    )
  })

  it('X15 headers: flow headers kept except the dropped ones; JSON type and no-store replace flow values', async () => {
    const reply = await ask(plain.port, { path: '/custom' })
    expect(reply.headers).toMatchObject({
      'x-keep': 'kept',
      'content-type': 'application/json',
      'cache-control': 'no-store',
      server: 'svc-gateway',
    })
    for (const dropped of ['location', 'etag', 'last-modified', 'expires', 'content-language', 'content-disposition']) {
      expect(reply.headers[dropped]).toBeUndefined()
    }
    expect(reply.headers['content-length']).toBe(String(reply.body.length))
    expect(reply.rawHeaders.filter((h) => h.toLowerCase() === 'cache-control')).toHaveLength(1)
  })

  it('X15 gateway error: message, status, code, info, requestID', async () => {
    const reply = await ask(plain.port, { path: '/missing' })
    expect(Object.keys(reply.json().error)).toEqual(['message', 'status', 'code', 'info', 'requestID'])
    expect(reply.text.endsWith('}}')).toBe(true)
  })

  it('X15 HEAD gets the headers without the body', async () => {
    const raw = await rawExchange(plain.port, 'HEAD /missing HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1.1 404 Not Found\r\n/)
    const length = Number(/Content-Length: (\d+)/.exec(raw)![1])
    expect(length).toBeGreaterThan(50)
    expect(raw.endsWith('\r\n\r\n')).toBe(true)
  })

  it.each([
    ['/badstatus', 'invalid number'],
    ['/textstatus', 'text'],
  ])('X14 %s status (%s) is sent as 500, the document keeps it', async (path) => {
    const reply = await ask(plain.port, { path })
    expect(reply.status).toBe(500)
    expect(reply.json().error).toHaveProperty('status')
  })
})

describe('alerts and internal errors', () => {
  it('LG6 X17 an alert with the error topic, raised: true', async () => {
    const reply = await ask(plain.port, { path: '/custom' })
    const id = reply.json().error.requestID
    const alert = await plain.waitForLog('svc_alert', (l) => l['requestID'] === id)
    expect(Object.keys(alert)).toEqual([
      'timestamp',
      'type',
      'requestID',
      'topic',
      'message',
      'code',
      'status',
      'info',
      'raised',
    ])
    expect(alert).toMatchObject({ topic: 'error', message: 'Tea', code: 7, status: 418, info: ['a'], raised: true })
  })

  it('F-EXEC-6 a run-time failure: 5001 with the action name as alert topic', async () => {
    const reply = await ask(plain.port, { path: '/rf' })
    expect(reply.status).toBe(500)
    const error = reply.json().error
    expect(error).toMatchObject({ code: 5001, info: ['flows/rf.xml:3:9: template: FORG0001: invalid value'] })
    const alert = await plain.waitForLog('svc_alert', (l) => l['requestID'] === error.requestID)
    expect(alert['topic']).toBe('template')
  })

  it('any other exception: 5001 with a generic info, details only in the log, server keeps serving', async () => {
    const reply = await ask(plain.port, { path: '/internal' })
    expect(reply.status).toBe(500)
    const error = reply.json().error
    expect(error).toMatchObject({ message: 'Flow Execution Failed', code: 5001, info: ['Internal error'] })
    expect(reply.text).not.toContain('secret')
    const alert = await plain.waitForLog('svc_alert', (l) => l['requestID'] === error.requestID)
    expect(alert['info']).toEqual(['TypeError: secret detail'])
    expect((await ask(plain.port, { path: '/get-only' })).status).toBe(200)
  })

  it('a header value node refuses to send becomes an internal error, not a crash or an injected header', async () => {
    const reply = await ask(plain.port, { path: '/badheader' })
    expect(reply.status).toBe(500)
    expect(reply.json().error).toMatchObject({ code: 5001, info: ['Internal error'] })
    expect(reply.headers['injected']).toBeUndefined()
    expect((await ask(plain.port, { path: '/get-only' })).status).toBe(200)
  })

  it('X19 the access log line carries errorCode', async () => {
    const reply = await ask(plain.port, { path: '/custom' })
    const id = reply.json().error.requestID
    expect((await plain.waitForLog('svc_access', (l) => l['requestID'] === id))['errorCode']).toBe(7)
  })
})

describe('the error flow', () => {
  const runs: string[] = []
  let gw: TestGateway

  const ERROR_FLOWS: Record<string, (ctx: FlowContext) => void> = {
    // EF6 content produced: sent with the preset status and the headers as they are
    content(ctx) {
      ctx.contents.main = [`handled ${String(ctx.vars.get('handlerVar')[0])}`]
      ctx.response.headers.set('Content-Type', 'text/x-handled')
    },
    // EF6 no content: the system error document with the status as left
    headersOnly(ctx) {
      ctx.response.status = 503
      ctx.response.headers.set('X-Code', 'set')
    },
    // EF8 an error inside the error flow
    fails(ctx) {
      ctx.response.headers.set('X-From-Error-Flow', '1')
      throw actionError([
        ['status', 502],
        ['code', 99],
      ])
    },
    error(ctx) {
      ctx.contents.main = ctx.vars.get('error')
    },
  }

  beforeAll(async () => {
    const errorFlow = flow('flows/error.xml', (ctx) => {
      const mode = ctx.request?.headers.get('x-mode') ?? 'content'
      runs.push(mode)
      ERROR_FLOWS[mode]!(ctx)
    })
    const routes = [
      route(
        '/fail',
        null,
        flow('flows/fail.xml', (ctx) => {
          ctx.vars.set('handlerVar', ['v1'])
          ctx.response.headers.set('Location', '/dropped')
          ctx.response.headers.set('X-Before', 'kept')
          throw actionError([['status', 409]])
        }),
      ),
      route('/m', [['GET', flow('flows/m.xml', () => {})]]),
      route(
        '/malformed',
        null,
        flow('flows/never.xml', () => {}),
      ),
    ]
    gw = await startTestGateway(makeApp({ routes, errorFlow }), { SVC_MAX_BODY_SIZE: '4' })
  })
  afterAll(() => gw.close())

  it('EF4 EF5 EF6 content from the error flow: preset status, kept headers, body replaced', async () => {
    const reply = await ask(gw.port, { path: '/fail', headers: [['X-Mode', 'content']] })
    expect([reply.status, reply.text]).toEqual([409, 'handled v1'])
    expect(reply.headers).toMatchObject({ 'x-before': 'kept', 'content-type': 'text/x-handled' })
    expect(reply.headers['location']).toBeUndefined()
  })

  it('X10 $error in the error flow for a gateway error has requestID last', async () => {
    const reply = await ask(gw.port, { method: 'PUT', path: '/m', headers: [['X-Mode', 'error']] })
    expect(Object.keys(reply.json())).toEqual(['message', 'status', 'code', 'info', 'requestID'])
  })

  it('EF6 no content: the system error document with the status the error flow left', async () => {
    const reply = await ask(gw.port, { path: '/fail', headers: [['X-Mode', 'headersOnly']] })
    expect(reply.status).toBe(503)
    expect(reply.headers).toMatchObject({ 'x-code': 'set', 'x-before': 'kept', 'content-type': 'application/json' })
    expect(reply.json().error).toEqual({ status: 409, requestID: expect.any(String) })
  })

  it('EF8 an error in the error flow: its own document and status, no second error flow run, Allow removed', async () => {
    runs.length = 0
    const reply = await ask(gw.port, { method: 'PUT', path: '/m', headers: [['X-Mode', 'fails']] })
    expect(runs).toEqual(['fails'])
    expect(reply.status).toBe(502)
    expect(reply.json().error).toMatchObject({ status: 502, code: 99 })
    expect(reply.headers['allow']).toBeUndefined()
    expect(reply.headers['x-from-error-flow']).toBe('1')
    const id = reply.json().error.requestID
    const access = await gw.waitForLog('svc_access', (l) => l['requestID'] === id)
    expect(access['errorCode']).toBe(99)
    const alerts = gw.logs('svc_alert').filter((l) => l['requestID'] === id)
    expect(alerts.map((a) => a['code'])).toEqual([99])
  })

  it('EF3 3213 and 3212 never run the error flow', async () => {
    runs.length = 0
    const malformed = await rawExchange(gw.port, 'GET /malformed%zz HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')
    expect(malformed).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/)
    expect(malformed).toContain('"code":3213')
    expect(malformed).toContain('"info":["Invalid percent-encoding in request path"]')
    const large = await ask(gw.port, { method: 'POST', path: '/malformed', body: 'too long' })
    expect(large.status).toBe(413)
    expect(runs).toEqual([])
  })
})
