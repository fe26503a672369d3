// Baseline for bench/quickstart.mjs: a plain node:http server answering one fixed response, the same
// body and content type the compiled route answers.
import { createServer } from 'node:http'

const body = Buffer.from(process.env.BODY ?? 'Hello, Ada!')
const type = process.env.CONTENT_TYPE ?? 'text/plain; charset=utf-8'
const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, Server: 'raw' })
  res.end(body)
})
server.listen(Number(process.env.PORT ?? 18081), '127.0.0.1', () => process.stderr.write('listening\n'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
