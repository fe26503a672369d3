/**
 * A scriptable, recording upstream for tests (style: upstreams are real node:http servers on
 * 127.0.0.1, port 0). Routes are keyed `"METHOD /path"` or `"/path"` (path without query); a route
 * answers with its status, headers and body (`json` is serialized). Any other request is echoed:
 * `200 application/json` with `{method, path, query, headers, body}` (header names lower-cased,
 * repeated fields joined with `, `; the body as UTF-8 text), so a test can see what was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface UpstreamRoute {
  readonly status?: number
  readonly headers?: Record<string, string | string[]>
  readonly body?: string
  readonly json?: unknown
}

export interface UpstreamSpec {
  /** Environment variable that receives the upstream's origin (`http://127.0.0.1:<port>`). */
  readonly env: string
  readonly routes?: Record<string, UpstreamRoute>
}

export interface ReceivedRequest {
  readonly method: string
  readonly path: string
  readonly query: string | null
  readonly headers: Record<string, string>
  readonly body: string
}

export interface RecordingUpstream {
  readonly origin: string
  readonly received: ReceivedRequest[]
  close(): Promise<void>
}

function received(req: IncomingMessage, body: Buffer): ReceivedRequest {
  const url = req.url ?? '/'
  const mark = url.indexOf('?')
  const headers: Record<string, string> = {}
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase()
    headers[name] = headers[name] === undefined ? req.rawHeaders[i + 1]! : `${headers[name]}, ${req.rawHeaders[i + 1]}`
  }
  return {
    method: req.method ?? '',
    path: mark < 0 ? url : url.slice(0, mark),
    query: mark < 0 ? null : url.slice(mark + 1),
    headers,
    body: body.toString('utf8'),
  }
}

export async function startRecordingUpstream(spec: Pick<UpstreamSpec, 'routes'> = {}): Promise<RecordingUpstream> {
  const log: ReceivedRequest[] = []
  const routes = spec.routes ?? {}
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = received(req, Buffer.concat(chunks))
      log.push(request)
      const route = routes[`${request.method} ${request.path}`] ?? routes[request.path]
      if (route === undefined) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(request))
        return
      }
      const body = route.json !== undefined ? JSON.stringify(route.json) : (route.body ?? '')
      res.writeHead(route.status ?? 200, {
        ...(route.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...route.headers,
      })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
