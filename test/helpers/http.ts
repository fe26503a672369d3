/**
 * A minimal HTTP client for tests: sends the path exactly as given (no normalisation, unlike fetch)
 * and returns status, headers and the raw body.
 */
import { request } from 'node:http'

export interface HttpResponse {
  readonly status: number
  readonly statusMessage: string
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

export interface HttpRequest {
  readonly method?: string
  readonly path: string
  readonly headers?: Record<string, string>
  readonly body?: string
}

export function send(baseUrl: string, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: req.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(req.body)
  })
}
