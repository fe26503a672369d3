/**
 * The two local upstreams of the aggregation example, plain node:http servers with in-memory data:
 * the catalog (names and descriptions) and the inventory (prices and stock). `start.mjs` listens on
 * fixed ports; tests listen on port 0.
 */
import { createServer } from 'node:http'

/** Catalog products, as the catalog service lists them. */
export const PRODUCTS = [
  { sku: 'A-1', name: 'Espresso cup', description: 'Porcelain, 90 ml' },
  { sku: 'B-2', name: 'Milk jug', description: 'Stainless steel, 350 ml' },
  { sku: 'C-3', name: 'Hand grinder', description: 'Ceramic burrs' },
]

/** Inventory entries; C-3 is in the catalog but not (yet) in the inventory. */
export const STOCK = [
  { sku: 'A-1', price: { amount: 12.5, currency: 'EUR' }, available: 7 },
  { sku: 'B-2', price: { amount: 24, currency: 'EUR' }, available: 0 },
]

function sendJson(res, status, value) {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

/** A GET-only JSON service: `routes(path)` gives `[status, value]`, or undefined for 404. */
function createJsonService(routes) {
  return createServer((req, res) => {
    req.resume()
    const path = new URL(req.url ?? '/', 'http://upstream').pathname
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'method not allowed' })
    const answer = routes(path)
    if (answer === undefined) return sendJson(res, 404, { error: 'not found', path })
    sendJson(res, answer[0], answer[1])
  })
}

/** GET /products and GET /products/{sku}. */
export function createCatalogServer() {
  return createJsonService((path) => {
    if (path === '/products') return [200, PRODUCTS]
    const match = /^\/products\/([^/]+)$/.exec(path)
    const product = match && PRODUCTS.find((p) => p.sku === decodeURIComponent(match[1]))
    return product ? [200, product] : undefined
  })
}

/** GET /stock and GET /stock/{sku}. */
export function createInventoryServer() {
  return createJsonService((path) => {
    if (path === '/stock') return [200, STOCK]
    const match = /^\/stock\/([^/]+)$/.exec(path)
    const entry = match && STOCK.find((s) => s.sku === decodeURIComponent(match[1]))
    return entry ? [200, entry] : undefined
  })
}
