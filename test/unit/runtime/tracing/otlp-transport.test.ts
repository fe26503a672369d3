/**
 * Posting spans to a collector at an `http:` URL (docs/spec/operations.md TR6), against a local HTTP
 * server: which answers and failures are tried again, and that the collector's answer ends the tries.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { undiciOtlpTransport } from '../../../../runtime/tracing/otlp-transport.js'

interface Collector {
  readonly url: string
  /** The bodies of the posts that reached an answer, in order. */
  readonly bodies: string[]
}

let running: Server | null = null

afterEach(async () => {
  running?.closeAllConnections()
  await new Promise((resolve) => running?.close(resolve) ?? resolve(undefined))
  running = null
})

/**
 * A collector that answers its posts with `statuses` in turn, then 200, with `Retry-After: 0` unless
 * told to send none; a status of 0 drops the connection without an answer.
 */
async function collector(statuses: readonly number[], retryAfter = true): Promise<Collector> {
  const queue = [...statuses]
  const bodies: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const status = queue.shift() ?? 200
      if (status === 0) {
        req.socket.destroy()
        return
      }
      bodies.push(Buffer.concat(chunks).toString())
      res.writeHead(status, { 'content-type': 'application/x-protobuf', ...(retryAfter ? { 'retry-after': '0' } : {}) })
      res.end()
    })
  })
  running = server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/v1/traces`, bodies }
}

function transportTo(url: string): ReturnType<typeof undiciOtlpTransport> {
  return undiciOtlpTransport({ url, headers: async () => ({}), compression: 'none', userAgent: 'svc-gateway/test' })
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
})
