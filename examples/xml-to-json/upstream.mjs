/**
 * The local legacy XML service of the xml-to-json example (plain node:http): an RSS feed and a
 * SOAP 1.1 customer directory, answering with the files in data/. `start.mjs` listens on
 * 127.0.0.1:4301; tests listen on port 0.
 *
 *   GET  /feeds/news.rss   data/news.rss (application/rss+xml)
 *   POST /soap/customers   SOAPAction "urn:example:customers#GetCustomer", <c:id> in the envelope:
 *                          data/customer-<id>.xml, or a SOAP fault (500) from data/fault-not-found.xml
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const DATA = new URL('./data/', import.meta.url)
const read = (name) => readFileSync(new URL(name, DATA))

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) })
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

export function createLegacyServer() {
  return createServer(async (req, res) => {
    const body = await readBody(req)
    const path = new URL(req.url ?? '/', 'http://upstream').pathname
    if (req.method === 'GET' && path === '/feeds/news.rss')
      return send(res, 200, 'application/rss+xml; charset=utf-8', read('news.rss'))
    if (req.method === 'POST' && path === '/soap/customers') {
      if (req.headers['soapaction'] !== '"urn:example:customers#GetCustomer"')
        return send(res, 400, 'text/plain', 'unknown SOAPAction')
      // A real service would parse the envelope; the example only needs the id.
      const id = /<(?:\w+:)?id>(\d+)<\/(?:\w+:)?id>/.exec(body)?.[1]
      try {
        return send(res, 200, 'text/xml; charset=utf-8', read(`customer-${id}.xml`))
      } catch {
        return send(res, 500, 'text/xml; charset=utf-8', read('fault-not-found.xml'))
      }
    }
    send(res, 404, 'text/plain', 'not found')
  })
}
