/**
 * The example projects of examples/ (issue 7): each is compiled into a temporary folder with zero
 * warnings, its local upstreams (the example's own node:http modules) listen on free 127.0.0.1
 * ports, and the bundle runs with the environment pointing at them; then real HTTP requests check
 * what the example's README promises.
 */
import { readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../compiler/diagnostics/format.js'
import { compileOrThrow, type RunningGateway, startBundle, temporaryDir } from '../helpers/gateway-process.js'
import { type HttpResponse, send } from '../helpers/http.js'

const EXAMPLES = new URL('../../examples/', import.meta.url)

/** The examples are plain JavaScript run by node; their modules are loaded by URL, typed here. */
async function load<T>(path: string): Promise<T> {
  return (await import(new URL(path, EXAMPLES).href)) as T
}

const golden = (path: string): unknown => JSON.parse(readFileSync(new URL(path, EXAMPLES), 'utf8'))
const json = (res: HttpResponse): unknown => JSON.parse(res.body)

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function close(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

interface ExampleSetup {
  /** Local upstreams by the environment variable that receives their origin. */
  readonly upstreams?: Record<string, Server>
  /** Further environment of the gateway (example-only values). */
  readonly env?: Record<string, string>
}

/** Compiles examples/<name> (no warnings allowed), starts its upstreams on port 0 and then the bundle. */
function runExample(name: string, setup: () => Promise<ExampleSetup> = async () => ({})) {
  const state = { gateway: undefined as unknown as RunningGateway, servers: {} as Record<string, Server>, outDir: '' }
  beforeAll(async () => {
    state.outDir = temporaryDir(`svc-example-${name}-`)
    const result = await compileOrThrow(new URL(`${name}/definition.yaml`, EXAMPLES).pathname, state.outDir)
    const warnings = result.diagnostics.filter((d) => d.severity === 'warning')
    expect(warnings, formatReport(warnings, { cwd: process.cwd() })).toEqual([])
    const { upstreams = {}, env = {} } = await setup()
    state.servers = upstreams
    const origins: Record<string, string> = {}
    for (const [variable, server] of Object.entries(upstreams)) origins[variable] = await listen(server)
    state.gateway = await startBundle(state.outDir, { ...env, ...origins })
  })
  afterAll(async () => {
    await state.gateway?.stop()
    await Promise.all(Object.values(state.servers).map(close))
    if (state.outDir) rmSync(state.outDir, { recursive: true, force: true })
  })
  return state
}

describe('examples/aggregation', () => {
  type Upstreams = { createCatalogServer(): Server; createInventoryServer(): Server }
  const example = runExample('aggregation', async () => {
    const { createCatalogServer, createInventoryServer } = await load<Upstreams>('aggregation/upstreams.mjs')
    return { upstreams: { CATALOG_URL: createCatalogServer(), INVENTORY_URL: createInventoryServer() } }
  })

  it('merges the catalog product with its inventory entry', async () => {
    const res = await send(example.gateway.url, { path: '/shop/products/A-1' })
    expect(res.status, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(json(res)).toEqual(golden('aggregation/tests/golden/product-a-1.json'))
  })

  it('joins the catalog list with the stock list by SKU', async () => {
    const res = await send(example.gateway.url, { path: '/shop/products' })
    expect(res.status, res.body).toBe(200)
    expect(json(res)).toEqual(golden('aggregation/tests/golden/products.json'))
  })

  it('answers a product the inventory does not know with unknown price and stock', async () => {
    const res = await send(example.gateway.url, { path: '/shop/products/C-3' })
    expect(json(res)).toEqual({
      sku: 'C-3',
      name: 'Hand grinder',
      description: 'Ceramic burrs',
      price: null,
      currency: null,
      available: null,
      inStock: false,
    })
  })

  it('answers 404 for a SKU the catalog does not know, 400 (3204) for one that is no SKU', async () => {
    const missing = await send(example.gateway.url, { path: '/shop/products/Z-9' })
    expect([missing.status, json(missing)]).toEqual([404, { error: 'no such product', sku: 'Z-9' }])
    const invalid = await send(example.gateway.url, { path: '/shop/products/a..b' })
    expect(invalid.status).toBe(400)
    expect(json(invalid)).toMatchObject({ error: { code: 3204 } })
  })

  it('still answers when the inventory is down (run last: it stops the inventory)', async () => {
    await close(example.servers['INVENTORY_URL']!)
    const res = await send(example.gateway.url, { path: '/shop/products/A-1' })
    expect(res.status, res.body).toBe(200)
    expect(json(res)).toMatchObject({ sku: 'A-1', name: 'Espresso cup', price: null, available: null, inStock: false })
  })
})

describe('examples/jwt-proxy', () => {
  type MintOptions = { sub?: string; scope?: string; ttlSeconds?: number; key?: string }
  let mintToken: (options?: MintOptions) => Promise<string>
  const example = runExample('jwt-proxy', async () => {
    ;({ mintToken } = await load<{ mintToken: typeof mintToken }>('jwt-proxy/mint-token.mjs'))
    const { EXAMPLE_JWT_KEY } = await load<{ EXAMPLE_JWT_KEY: string }>('jwt-proxy/example-key.mjs')
    const { createOrdersServer } = await load<{ createOrdersServer(): Server }>('jwt-proxy/upstream.mjs')
    // what start.mjs does when ORDERS_JWT_KEY is not set
    return { upstreams: { ORDERS_ORIGIN: createOrdersServer() }, env: { ORDERS_JWT_KEY: EXAMPLE_JWT_KEY } }
  })
  const APP = 'http://localhost:5173'
  const bearer = async (options?: MintOptions) => ({ Authorization: `Bearer ${await mintToken(options)}` })
  const reasonOf = (res: HttpResponse) => (json(res) as { error: { code: number; info: string[] } }).error

  it('proxies a request with a valid orders:read token; the orders service sees the verified claims', async () => {
    const res = await send(example.gateway.url, { path: '/api/orders', headers: await bearer({ sub: 'ada' }) })
    expect(res.status, res.body).toBe(200)
    expect(json(res)).toMatchObject({ customer: 'ada', orders: [{ id: 1 }, { id: 2 }] })
    const one = await send(example.gateway.url, { path: '/api/orders/2', headers: await bearer({ sub: 'ada' }) })
    expect([one.status, json(one)]).toMatchObject([200, { id: 2, customer: 'ada' }])
    const other = await send(example.gateway.url, { path: '/api/orders', headers: await bearer({ sub: 'grace' }) })
    expect(json(other)).toEqual({ customer: 'grace', orders: [] })
  })

  it('rejects missing, forged, expired and malformed tokens with 403 and code 3206', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'No Authorization header sent'],
      [
        await bearer({ key: Buffer.from('some other key').toString('base64url') }),
        'Invalid JWT: signature verification failed',
      ],
      [await bearer({ ttlSeconds: -60 }), 'Invalid JWT: Token has expired.'],
      [{ Authorization: 'Bearer not.a.token' }, 'Invalid JWT: malformed token'],
    ]
    for (const [headers, reason] of cases) {
      const res = await send(example.gateway.url, { path: '/api/orders', headers })
      expect(res.status, res.body).toBe(403)
      expect(res.headers['vary']).toBe('Origin')
      expect(reasonOf(res)).toMatchObject({ code: 3206, info: [`JWT Security (OrdersJWT): ${reason}`] })
    }
  })

  it('needs orders:write to place an order; the created order comes back with an exposed Location', async () => {
    const order = JSON.stringify({ items: [{ sku: 'C-3', qty: 1 }] })
    const headers = { 'Content-Type': 'application/json', Origin: APP }
    const reader = await send(example.gateway.url, {
      method: 'POST',
      path: '/api/orders',
      headers: { ...headers, ...(await bearer()) },
      body: order,
    })
    expect(reader.status).toBe(403)
    expect(reasonOf(reader)).toMatchObject({
      code: 3206,
      info: ['JWT Security (OrdersJWT): Missing scope orders:write'],
    })
    expect(reader.headers['access-control-allow-origin']).toBe(APP)
    const writer = await send(example.gateway.url, {
      method: 'POST',
      path: '/api/orders',
      headers: { ...headers, ...(await bearer({ scope: 'orders:read orders:write' })) },
      body: order,
    })
    expect(writer.status, writer.body).toBe(201)
    expect(json(writer)).toMatchObject({ id: 3, customer: 'ada', items: [{ sku: 'C-3', qty: 1 }], status: 'new' })
    expect(writer.headers).toMatchObject({
      location: '/api/orders/3',
      'access-control-allow-origin': APP,
      'access-control-expose-headers': 'Location',
      vary: 'Origin',
    })
  })

  it('answers the CORS pre-flight of the browser app without a token', async () => {
    const res = await send(example.gateway.url, {
      method: 'OPTIONS',
      path: '/api/orders',
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    })
    expect([res.status, res.body]).toEqual([200, ''])
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '7200',
      vary: 'Origin',
    })
    const foreign = await send(example.gateway.url, {
      method: 'OPTIONS',
      path: '/api/orders',
      headers: { Origin: 'https://evil.example.test' },
    })
    expect(foreign.status).toBe(200)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    expect(foreign.headers['vary']).toBe('Origin')
  })

  it('GET /api/me answers the verified claims from a flow', async () => {
    const res = await send(example.gateway.url, {
      path: '/api/me',
      headers: await bearer({ sub: 'grace', scope: 'orders:read' }),
    })
    expect(res.status, res.body).toBe(200)
    expect(json(res)).toMatchObject({ subject: 'grace', scopes: 'orders:read', expires: expect.any(Number) })
  })
})

describe('examples/xml-to-json', () => {
  const example = runExample('xml-to-json', async () => {
    const { createLegacyServer } = await load<{ createLegacyServer(): Server }>('xml-to-json/upstream.mjs')
    return { upstreams: { LEGACY_URL: createLegacyServer() } }
  })

  it('turns the RSS feed into JSON', async () => {
    const res = await send(example.gateway.url, { path: '/api/news' })
    expect(res.status, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(json(res)).toEqual(golden('xml-to-json/tests/golden/news.json'))
  })

  it('turns a SOAP GetCustomer response into a JSON customer', async () => {
    const res = await send(example.gateway.url, { path: '/api/customers/42' })
    expect(res.status, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(json(res)).toEqual(golden('xml-to-json/tests/golden/customer-42.json'))
  })

  it('turns a SOAP fault into a JSON 404; an id that is no number never reaches the envelope', async () => {
    const fault = await send(example.gateway.url, { path: '/api/customers/7' })
    expect([fault.status, json(fault)]).toEqual([404, { error: 'No customer with this id', status: 404 }])
    const invalid = await send(example.gateway.url, { path: '/api/customers/42%3C%2Fc%3Aid%3E' })
    expect(invalid.status).toBe(400)
    expect(json(invalid)).toMatchObject({ error: { code: 3204 } })
  })
})

describe('examples/quickstart', () => {
  const example = runExample('quickstart')

  it('GET /api/hello greets by name or the world', async () => {
    const ada = await send(example.gateway.url, { path: '/api/hello?name=Ada' })
    expect([ada.status, ada.body, ada.headers['content-type']]).toEqual([
      200,
      'Hello, Ada!',
      'text/plain; charset=utf-8',
    ])
    expect((await send(example.gateway.url, { path: '/api/hello' })).body).toBe('Hello, world!')
  })

  it('GET /api/items/{id} builds JSON with a template; a non-numeric id is a 400', async () => {
    expect(json(await send(example.gateway.url, { path: '/api/items/42' }))).toEqual(
      golden('quickstart/tests/golden/item-42.json'),
    )
    expect(json(await send(example.gateway.url, { path: '/api/items/42?currency=EUR' }))).toEqual({
      id: 42,
      name: 'Item 42',
      price: 63,
      currency: 'EUR',
    })
    const invalid = await send(example.gateway.url, { path: '/api/items/abc' })
    expect([invalid.status, invalid.body]).toEqual([400, '{"error":"id must be a number"}'])
  })

  it('POST /api/echo sends the body back unchanged; /api/request shows $request; outside basePath is 405', async () => {
    const body = '{"a": 1,  "b": [true, null]}'
    const echo = await send(example.gateway.url, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    expect([echo.status, echo.body, echo.headers['content-type']]).toEqual([200, body, 'application/json'])
    const request = await send(example.gateway.url, {
      method: 'PUT',
      path: '/api/request?x=1&y=two',
      headers: { 'X-Demo': 'yes' },
    })
    expect(json(request)).toMatchObject({ method: 'PUT', get: { x: '1', y: 'two' }, headers: { 'x-demo': 'yes' } })
    expect((await send(example.gateway.url, { path: '/elsewhere' })).status).toBe(405)
  })
})
