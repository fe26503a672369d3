// The hand-written baseline of bench/upstream-mapping.mjs: a node:http handler that GETs the 1 KB
// JSON upstream through an undici Pool, picks and renames four fields and answers JSON.
import { createServer } from 'node:http'
import { Pool } from 'undici'

const upstream = new Pool(process.env.UPSTREAM ?? 'http://127.0.0.1:18190', { connections: 256 })

const server = createServer(async (req, res) => {
  try {
    const response = await upstream.request({
      path: '/users/4711',
      method: 'GET',
      headers: { accept: 'application/json' },
    })
    const user = await response.body.json()
    const body = JSON.stringify({ userId: user.id, mail: user.email, city: user.address.city, active: user.active })
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
    res.end(body)
  } catch {
    res.writeHead(502).end()
  }
})
server.listen(Number(process.env.PORT ?? 18193), '127.0.0.1', () => process.stderr.write('listening\n'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
