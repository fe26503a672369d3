/**
 * Sending (flows.md F-RESP-3..8, definition.md PL16, PL17, errors.md X14): body rendering by kind,
 * Content-Type precedence, gateway-owned headers, HEAD/204/304, reason phrases.
 */
import { Document } from 'slimdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { FlowContext } from '../../../../runtime/context/flow-context.js'
import { oxnRoot, parseJson } from '../../../../runtime/oxn/index.js'
import { Content } from '../../../../runtime/values/content.js'
import { type Sequence, XPathMap } from '../../../../runtime/values/item.js'
import { ask, flow, makeApp, parseRaw, rawExchange, route, startTestGateway, type TestGateway } from './helpers.js'

const xml = new Document()
const element = xml.createElementNS(null, 'order')
element.setAttribute('id', '7')
element.appendChild(xml.createTextNode('a<b'))

const BODIES: [string, () => Sequence | undefined, string | null, string][] = [
  ['absent main content: empty body, no type', () => undefined, null, ''],
  ['empty sequence: empty body, no type', () => [], null, ''],
  ['string: UTF-8 text/plain', () => ['grüße'], 'text/plain', 'grüße'],
  ['number: T-OUT-4 JSON', () => [1e21], 'application/json', '1e+21'],
  ['NaN: null', () => [NaN], 'application/json', 'null'],
  ['boolean', () => [false], 'application/json', 'false'],
  [
    'content: bytes unchanged, its media type',
    () => [new Content(Buffer.from('{ "a" : 1.0 }'), 'application/vnd.x+json')],
    'application/vnd.x+json',
    '{ "a" : 1.0 }',
  ],
  [
    'content without media type: octet-stream',
    () => [new Content(Buffer.from([1, 2]), null)],
    'application/octet-stream',
    '\u0001\u0002',
  ],
  [
    'OXN element: compact JSON',
    () => [oxnRoot(parseJson('{"a": [1.50, "x"], "b": null}'))],
    'application/json',
    '{"a":[1.50,"x"],"b":null}',
  ],
  [
    'several OXN nodes: array',
    () => [oxnRoot(parseJson('1')), oxnRoot(parseJson('{"z":true}'))],
    'application/json',
    '[1,{"z":true}]',
  ],
  ['XML node: serialization', () => [element as never], 'application/xml', '<order id="7">a&lt;b</order>'],
  ['map: JSON', () => [new XPathMap(new Map([['k', ['v']]]))], 'application/json', '{"k":"v"}'],
  ['T-OUT-3 mixed sequence: first item', () => ['first', 2, oxnRoot(parseJson('3'))], 'text/plain', 'first'],
]

function setBody(value: () => Sequence | undefined) {
  return (ctx: FlowContext) => {
    ctx.contents.main = value()
  }
}

let gw: TestGateway
beforeAll(async () => {
  const routes = BODIES.map(([, value], i) => route(`/body/${i}`, null, flow(`flows/b${i}.xml`, setBody(value))))
  routes.push(
    route(
      '/precedence',
      null,
      flow('flows/p.xml', (ctx) => {
        const h = ctx.request!.headers
        ctx.contents.main = [7]
        if (h.has('x-explicit')) ctx.response.explicitMime = h.get('x-explicit')
        if (h.has('x-header')) ctx.response.headers.set('Content-Type', h.get('x-header')!)
        if (h.has('x-default')) ctx.response.defaultMime = h.get('x-default')
      }),
    ),
    route(
      '/owned',
      null,
      flow('flows/o.xml', (ctx) => {
        for (const name of ['Server', 'Date', 'Content-Length', 'Transfer-Encoding', 'Connection'])
          ctx.response.headers.set(name, 'flow')
        ctx.response.headers.append('Set-Cookie', 'a=1')
        ctx.response.headers.append('Set-Cookie', 'b=2')
        ctx.response.headers.set('X-Custom', 'v')
        ctx.contents.main = ['€']
      }),
    ),
    route(
      '/status/{code}',
      null,
      flow('flows/s.xml', (ctx) => {
        ctx.response.status = Number(ctx.request!.params[0]![1])
        ctx.contents.main = ['body']
      }),
    ),
  )
  gw = await startTestGateway(makeApp({ routes }))
})
afterAll(() => gw.close())

describe('F-RESP-4 F-RESP-5 bodies', () => {
  it.each(BODIES.map((row, i) => [row[0], i, row[2], row[3]] as const))('%s', async (_, i, type, body) => {
    const reply = await ask(gw.port, { path: `/body/${i}` })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe(type ?? undefined)
    expect(reply.body.toString('latin1')).toBe(Buffer.from(body, 'utf8').toString('latin1'))
    expect(reply.headers['content-length']).toBe(String(reply.body.length))
  })
})

const PRECEDENCE: [string, [string, string][], string][] = [
  [
    'step 1 explicit mime wins',
    [
      ['X-Explicit', 'a/1'],
      ['X-Header', 'b/2'],
      ['X-Default', 'c/3'],
    ],
    'a/1',
  ],
  [
    'decided: blank explicit mime counts as none',
    [
      ['X-Explicit', ' '],
      ['X-Header', 'b/2'],
    ],
    'b/2',
  ],
  [
    'step 2 flow-set Content-Type beats the default',
    [
      ['X-Header', 'b/2'],
      ['X-Default', 'c/3'],
    ],
    'b/2',
  ],
  ['step 3 default mime beats the value type', [['X-Default', 'c/3']], 'c/3'],
  ['step 4 media type of the value', [], 'application/json'],
]

describe('F-RESP-5 precedence', () => {
  it.each(PRECEDENCE)('%s', async (_, headers, type) => {
    const reply = await ask(gw.port, { path: '/precedence', headers })
    expect(reply.headers['content-type']).toBe(type)
    expect(reply.rawHeaders.filter((h) => h.toLowerCase() === 'content-type')).toHaveLength(1)
  })
})

describe('F-RESP-3 F-RESP-6 PL17 headers', () => {
  it('gateway-owned headers ignored; Server, Date, exact Content-Length; Set-Cookie lines kept apart', async () => {
    const raw = parseRaw(await rawExchange(gw.port, 'GET /owned HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'))
    const names = raw.headers.map(([n]) => n.toLowerCase())
    expect(raw.headers).toContainEqual(['Server', 'svc-gateway'])
    expect(raw.headers.find(([n]) => n === 'Date')?.[1]).toMatch(/GMT$/)
    expect(raw.headers).toContainEqual(['Content-Length', '3'])
    expect(raw.headers.filter(([n]) => n === 'Set-Cookie')).toEqual([
      ['Set-Cookie', 'a=1'],
      ['Set-Cookie', 'b=2'],
    ])
    expect(raw.headers).toContainEqual(['X-Custom', 'v'])
    expect(
      names.filter((n) => n === 'server' || n === 'date' || n === 'content-length' || n === 'connection'),
    ).toHaveLength(4)
    expect(names).not.toContain('transfer-encoding')
    expect(raw.headers.filter(([, v]) => v === 'flow')).toEqual([])
  })
})

describe('F-RESP-7 F-RESP-8 X14 status and bodiless responses', () => {
  it('HEAD keeps Content-Length, sends no body', async () => {
    const raw = await rawExchange(gw.port, 'HEAD /owned HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n')
    const { headers, body } = parseRaw(raw)
    expect(headers).toContainEqual(['Content-Length', '3'])
    expect(body).toBe('')
  })

  it.each([204, 304])('%i carries neither body nor Content-Length', async (status) => {
    const raw = await rawExchange(gw.port, `GET /status/${status} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`)
    const { statusLine, headers, body } = parseRaw(raw)
    expect(statusLine.startsWith(`HTTP/1.1 ${status} `)).toBe(true)
    expect(headers.map(([n]) => n.toLowerCase())).not.toContain('content-length')
    expect(headers.map(([n]) => n.toLowerCase())).not.toContain('transfer-encoding')
    expect(body).toBe('')
  })

  const PHRASES: [number, number, string][] = [
    [201, 201, 'Created'],
    [413, 413, 'Payload Too Large'],
    [418, 418, "I'm a Teapot"],
    [299, 299, 'Unknown'],
    [599, 599, 'Unknown'],
    [199, 500, 'Internal Server Error'],
    [600, 500, 'Internal Server Error'],
  ]
  it.each(PHRASES)('status %i is sent as %i %s', async (set, sent, phrase) => {
    const raw = await rawExchange(gw.port, `GET /status/${set} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`)
    expect(parseRaw(raw).statusLine).toBe(`HTTP/1.1 ${sent} ${phrase}`)
  })
})
