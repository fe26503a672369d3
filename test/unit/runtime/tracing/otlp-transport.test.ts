/**
 * Posting spans to a collector at an `http:` URL (docs/spec/operations.md TR6) on the gateway's own
 * HTTP client, against a local HTTP server: which answers and failures are tried again, that the
 * collector's answer ends the tries, the fields sent, the limit on an answer and the timeout.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { collectorTransport } from '../../../../runtime/tracing/otlp-transport.js'
import { connectCollector } from '../../../../runtime/upstream/collector-post.js'

interface Collector {
  readonly url: string
  /** The bodies of the posts that reached an answer, in order. */
  readonly bodies: string[]
  /** The header fields of each post, in order. */
  readonly heads: Record<string, string | string[] | undefined>[]
}

let running: Server | null = null

afterEach(async () => {
  running?.closeAllConnections()
  await new Promise((resolve) => running?.close(resolve) ?? resolve(undefined))
  running = null
})

/**
 * A collector that answers its posts with `statuses` in turn, then 200, with `Retry-After: 0` unless
 * told to send none; a status of 0 drops the connection without an answer, -1 never answers. Each
 * answer's body is `answer` bytes long.
 */
async function collector(statuses: readonly number[], retryAfter = true, answer = 0): Promise<Collector> {
  const queue = [...statuses]
  const bodies: string[] = []
  const heads: Record<string, string | string[] | undefined>[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    heads.push(req.headers)
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const status = queue.shift() ?? 200
      if (status === -1) return
      if (status === 0) {
        req.socket.destroy()
        return
      }
      bodies.push(Buffer.concat(chunks).toString())
      res.writeHead(status, { 'content-type': 'application/x-protobuf', ...(retryAfter ? { 'retry-after': '0' } : {}) })
      res.end(Buffer.alloc(answer, 'x'))
    })
  })
  running = server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/v1/traces`, bodies, heads }
}

function transportTo(url: string, headers: Record<string, string> = {}): ReturnType<typeof collectorTransport> {
  return collectorTransport(
    { url, headers: async () => headers, compression: 'none', userAgent: 'svc-gateway/test' },
    connectCollector,
  )
}

describe('TR6 posting spans', () => {
  it('tries 429, 502, 503 and 504 again, as soon as the collector says, until it takes the spans', async () => {
    const { url, bodies } = await collector([429, 502, 503, 504])
    const transport = transportTo(url)
    const result = await transport.send(Buffer.from('spans'), 10_000)
    transport.shutdown()
    expect(result.status).toBe('success')
    expect(bodies).toEqual(['spans', 'spans', 'spans', 'spans', 'spans'])
  })

  it('does not try a 400 again: the export fails with the status', async () => {
    const { url, bodies } = await collector([400])
    const transport = transportTo(url)
    const result = await transport.send(Buffer.from('spans'), 10_000)
    transport.shutdown()
    expect(result.status).toBe('failure')
    expect(result.status === 'failure' && (result.error as { code?: number }).code).toBe(400)
    expect(bodies).toEqual(['spans'])
  })

  it('tries a dropped connection again after backing off', async () => {
    const { url, bodies } = await collector([0])
    const transport = transportTo(url)
    const started = Date.now()
    const result = await transport.send(Buffer.from('spans'), 10_000)
    transport.shutdown()
    expect(result.status).toBe('success')
    expect(bodies).toEqual(['spans'])
    // the first back-off is 1 s ± 20 %
    expect(Date.now() - started).toBeGreaterThanOrEqual(750)
  })

  it('gives up when the next back-off would pass the timeout', async () => {
    const { url, bodies } = await collector([503, 503, 503], false)
    const transport = transportTo(url)
    // backing off 1 s ± 20 % leaves room for a second try within 1.5 s, 1.5 s ± 20 % none for a third
    const result = await transport.send(Buffer.from('spans'), 1500)
    transport.shutdown()
    expect(result.status).toBe('retryable')
    expect(bodies).toEqual(['spans', 'spans'])
  })

  it('sends the configured fields, with its own User-Agent in place of a configured one', async () => {
    const { url, heads } = await collector([])
    const transport = transportTo(url, { 'x-tenant': 'blue', 'user-agent': 'mine/1' })
    const result = await transport.send(Buffer.from('spans'), 10_000)
    transport.shutdown()
    expect(result.status).toBe('success')
    expect(heads[0]).toMatchObject({ 'x-tenant': 'blue', 'user-agent': 'svc-gateway/test', 'content-length': '5' })
  })

  it('fails the export when the answer passes 4 MB', async () => {
    const { url } = await collector([], true, 4 * 1024 * 1024 + 1)
    const transport = transportTo(url)
    const result = await transport.send(Buffer.from('spans'), 10_000)
    transport.shutdown()
    expect(result.status).toBe('failure')
    expect(result.status === 'failure' && result.error?.message).toMatch(/exceeded 4194304 bytes/)
  })

  it('stops waiting for an answer at the timeout, and may try again later', async () => {
    const { url, heads } = await collector([-1])
    const transport = transportTo(url)
    const started = Date.now()
    const result = await transport.send(Buffer.from('spans'), 300)
    transport.shutdown()
    expect(result.status).toBe('retryable')
    expect(result.status === 'retryable' && (result.error as { code?: string }).code).toBe('ETIMEDOUT')
    expect(heads).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
