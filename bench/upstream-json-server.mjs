// The upstream of the upstream benchmarks: a node:http server answering every request with the same
// 1 KB JSON document (a user record with an address, tags and some padding).
import { createServer } from 'node:http'

const document = {
  id: 4711,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  active: true,
  address: { street: '12 Analytical Lane', city: 'London', zip: 'W1 4AA', country: 'GB' },
  tags: ['math', 'engines', 'poetry', 'notes'],
  created: '2024-03-09T10:00:00Z',
  notes: 'x'.repeat(700),
}
const body = Buffer.from(JSON.stringify(document))
const server = createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length })
  res.end(body)
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT ?? 18190), '127.0.0.1', () =>
  process.stderr.write(`listening ${body.length} bytes\n`),
)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
