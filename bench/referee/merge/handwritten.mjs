// Hand-written equivalent of flows/users.xml, as plain as the referee's sut/transform.mjs: three GETs
// of UPSTREAM/users at once with undici, each answer JSON.parse-d and mapped to two renamed members,
// the three lists merged into one object and JSON.stringify-d. Env: PORT, HOST (default 127.0.0.1), UPSTREAM.
import http from 'node:http'
import { Pool } from 'undici'

const port = Number(process.env.PORT || 8080)
const host = process.env.HOST || '127.0.0.1'
const pool = new Pool(process.env.UPSTREAM || 'http://127.0.0.1:9000', {
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 60_000,
})

async function users() {
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path: '/users',
    headers: { accept: 'application/json' },
  })
  const text = await body.text()
  if (statusCode !== 200) throw new Error(`upstream status ${statusCode}`)
  return JSON.parse(text).map((user) => ({ userId: user.id, mail: user.email }))
}

async function handle(req, res) {
  const [a, b, c] = await Promise.all([users(), users(), users()])
  const out = Buffer.from(JSON.stringify({ a, b, c }))
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
