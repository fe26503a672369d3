/**
 * One HTTP exchange with a gateway without a network socket (actions.md ACT-test-request-2): the
 * gateway's own node:http server receives a connection made of an in-memory stream pair, so the
 * request passes node's HTTP parser, the complete pipeline and node's response writer exactly as a
 * real one would; node's HTTP client reads the response from the other end. The connection reports
 * client and local address 127.0.0.1 and carries one request (`Connection: close`), so the server
 * closes it once the response is done: by then the access log line has been written.
 */
import { request as httpRequest, type Server } from 'node:http'
import { Duplex } from 'node:stream'

export interface InMemoryRequest {
  readonly method: string
  /** Request target: path and query, percent-encoded. */
  readonly target: string
  /** Header fields in order, `Host` included. */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Buffer | null
}

export interface InMemoryResponse {
  readonly status: number
  /** Names and values as received (one character per byte), in order. */
  readonly rawHeaders: readonly string[]
  readonly body: Buffer
}

/** One end of the in-memory connection: what one end writes, the other reads. */
class ConnectionEnd extends Duplex {
  peer: ConnectionEnd | null = null
  readonly remoteAddress = '127.0.0.1'
  readonly remoteFamily = 'IPv4'
  readonly remotePort = 49152
  readonly localAddress = '127.0.0.1'
  readonly localPort = 80

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.peer?.push(chunk)
    done()
  }

  override _final(done: (error?: Error | null) => void): void {
    this.peer?.push(null)
    done()
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    const peer = this.peer
    this.peer = null
    if (peer !== null && !peer.destroyed) peer.destroy()
    done(error)
  }

  // The socket methods node's HTTP server and client call; an in-memory stream has nothing to tune.
  setTimeout(): this {
    return this
  }
  setNoDelay(): this {
    return this
  }
  setKeepAlive(): this {
    return this
  }
  ref(): this {
    return this
  }
  unref(): this {
    return this
  }
}

/**
 * Sends `request` to `server` and resolves with the response once the server closed the connection
 * (the exchange is complete, its access line written). Rejects when `signal` fires or the request
 * cannot be written (an invalid header value, for example).
 */
export function exchangeInMemory(
  server: Server,
  request: InMemoryRequest,
  signal: AbortSignal,
): Promise<InMemoryResponse> {
  const client = new ConnectionEnd()
  const serverEnd = new ConnectionEnd()
  client.peer = serverEnd
  serverEnd.peer = client
  const closed = new Promise<void>((resolve) => serverEnd.once('close', () => resolve()))
  return new Promise<InMemoryResponse>((resolve, reject) => {
    const onAbort = (): void => fail(signal.reason)
    const settle = (): void => signal.removeEventListener('abort', onAbort)
    const fail = (error: unknown): void => {
      settle()
      client.destroy()
      reject(error)
    }
    if (signal.aborted) return fail(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    const flat: string[] = []
    for (const [name, value] of request.headers) flat.push(name, value)
    if (request.body !== null) flat.push('Content-Length', String(request.body.length))
    flat.push('Connection', 'close')
    let outgoing
    try {
      outgoing = httpRequest({
        createConnection: () => client,
        method: request.method,
        path: request.target,
        headers: flat,
        setHost: false,
      })
    } catch (error) {
      return fail(error)
    }
    server.emit('connection', serverEnd)
    outgoing.on('error', fail)
    outgoing.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', fail)
      res.on('end', () => {
        const response = { status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }
        client.end()
        void closed.then(() => {
          settle()
          resolve(response)
        })
      })
    })
    outgoing.end(request.body ?? undefined)
  })
}
