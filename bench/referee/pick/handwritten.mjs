// Hand-written equivalent of flows/users.xml, as plain as the referee's sut/transform.mjs: GET
// UPSTREAM/users with undici, JSON.parse, keep three members of the last user renamed, JSON.stringify.
// Env: PORT, HOST (default 127.0.0.1), UPSTREAM.
import http from 'node:http'
import { Pool } from 'undici'

const port = Number(process.env.PORT || 8080)
const host = process.env.HOST || '127.0.0.1'
const pool = new Pool(process.env.UPSTREAM || 'http://127.0.0.1:9000', {
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 60_000,
})

async function handle(req, res) {
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path: '/users',
    headers: { accept: 'application/json' },
  })
  const text = await body.text()
  if (statusCode !== 200) {
    res.writeHead(502, { 'content-type': 'text/plain' })
    res.end(`upstream status ${statusCode}`)
    return
  }
  const list = JSON.parse(text)
  const user = list[list.length - 1]
  const out = Buffer.from(JSON.stringify({ userId: user.id, firstName: user.first_name, mail: user.email }))
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(out.length) })
  res.end(out)
}

const server = http.createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end('bad gateway')
    } else res.destroy()
  })
})
server.keepAliveTimeout = 65_000
server.listen(port, host)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0))
