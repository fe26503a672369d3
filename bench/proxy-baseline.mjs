// The hand-written baseline of bench/proxy-throughput.mjs: a node:http reverse proxy on undici (one
// keep-alive Pool for the upstream), forwarding method, path, end-to-end headers and body, and
// streaming the response back.
import { createServer } from 'node:http'
import { pipeline } from 'node:stream'
import { Pool } from 'undici'

const upstream = new Pool(process.env.UPSTREAM ?? 'http://127.0.0.1:18190', { connections: 256 })
const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-connection',
  'host',
  'content-length',
])

const server = createServer(async (req, res) => {
  const headers = {}
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value
  try {
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
    const response = await upstream.request({ path: req.url, method: req.method, headers, body: hasBody ? req : null })
    const out = {}
    for (const [name, value] of Object.entries(response.headers))
      if (!HOP.has(name) || name === 'content-length') out[name] = value
    res.writeHead(response.statusCode, out)
    pipeline(response.body, res, () => {})
  } catch {
    res.writeHead(502).end()
  }
})
server.listen(Number(process.env.PORT ?? 18192), '127.0.0.1', () => process.stderr.write('listening\n'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
