/**
 * The local orders service of the jwt-proxy example (plain node:http, in-memory). It trusts the
 * gateway: the caller is the `sub` of the verified claims the gateway sends in `X-Auth-Claims`
 * (x-svc-jwt out-header), so it must only be reachable through the gateway. `start.mjs` listens on
 * 127.0.0.1:4201; tests listen on port 0.
 *
 *   GET  /v1/orders       the caller's orders
 *   GET  /v1/orders/{id}  one of them (404 otherwise)
 *   POST /v1/orders       { "items": [...] } -> 201, Location: /api/orders/{id}
 */
import { createServer } from 'node:http'

function sendJson(res, status, value, headers = {}) {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers })
  res.end(body)
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function claimsOf(req) {
  try {
    const claims = JSON.parse(req.headers['x-auth-claims'] ?? '')
    return typeof claims?.sub === 'string' ? claims : undefined
  } catch {
    return undefined
  }
}

/** A fresh orders service with two orders of the user `ada`. */
export function createOrdersServer() {
  const orders = [
    { id: 1, customer: 'ada', items: [{ sku: 'A-1', qty: 2 }], status: 'shipped' },
    { id: 2, customer: 'ada', items: [{ sku: 'B-2', qty: 1 }], status: 'new' },
  ]
  return createServer(async (req, res) => {
    const body = await readBody(req)
    const claims = claimsOf(req)
    if (!claims) return sendJson(res, 401, { error: 'no verified claims; call through the gateway' })
    const path = new URL(req.url ?? '/', 'http://upstream').pathname.replace(/\/$/, '')
    const mine = orders.filter((order) => order.customer === claims.sub)
    if (path === '/v1/orders' && req.method === 'GET') return sendJson(res, 200, { customer: claims.sub, orders: mine })
    if (path === '/v1/orders' && req.method === 'POST') {
      let items
      try {
        items = JSON.parse(body).items
      } catch {
        // answered below
      }
      if (!Array.isArray(items) || items.length === 0)
        return sendJson(res, 400, { error: 'items must be a non-empty array' })
      const order = { id: orders.length + 1, customer: claims.sub, items, status: 'new' }
      orders.push(order)
      return sendJson(res, 201, order, { Location: `/api/orders/${order.id}` })
    }
    const match = /^\/v1\/orders\/(\d+)$/.exec(path)
    if (match && req.method === 'GET') {
      const order = mine.find((o) => o.id === Number(match[1]))
      return order ? sendJson(res, 200, order) : sendJson(res, 404, { error: 'no such order' })
    }
    sendJson(res, 404, { error: 'not found', path })
  })
}
