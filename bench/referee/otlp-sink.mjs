// A stand-in OpenTelemetry collector for the tracing benchmark (bench/README.md, "Tracing"): accepts
// every OTLP/HTTP post, reads its body and answers 200 with an empty export response. Spans counted,
// nothing kept.
//
//   PORT=4318 node bench/referee/otlp-sink.mjs
import { createServer } from 'node:http'

let posts = 0
let bytes = 0
createServer((req, res) => {
  req.on('data', (chunk) => void (bytes += chunk.length))
  req.on('end', () => {
    posts++
    const json = (req.headers['content-type'] ?? '').startsWith('application/json')
    res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' })
    res.end(json ? '{}' : '')
  })
}).listen(Number(process.env.PORT ?? 4318), '127.0.0.1')
process.on('SIGTERM', () => {
  console.error(`otlp-sink: ${posts} posts, ${bytes} bytes`)
  process.exit(0)
})
