/**
 * Raw HTTP/1.1 over node:net for tests whose input a client library would refuse or normalise (odd
 * bytes in the target, CR/LF, slow or partial messages): writes bytes as given and reads until the
 * server closes the connection (send `Connection: close` to get one answer back).
 */
import { connect, type Socket } from 'node:net'

export interface RawResponse {
  /** Everything the server sent, as latin1 text (one character per byte). */
  readonly raw: string
  /** `HTTP/1.1 200 OK`, or '' when nothing came back. */
  readonly statusLine: string
  readonly status: number
  /** Header fields in order, names as sent. */
  readonly headers: readonly [string, string][]
  /** The body after the head (chunked bodies are left encoded). */
  readonly body: string
  /** Milliseconds from connecting to the close. */
  readonly elapsedMs: number
  /** How many of `parts` had been written when the server closed (a server that answered early). */
  readonly partsWritten: number
}

export interface RawOptions {
  /** Written after the first part, one part every `gapMs` (slow clients). */
  readonly parts?: readonly (string | Buffer)[]
  readonly gapMs?: number
  /** Half-close after writing everything. */
  readonly end?: boolean
  /** Give up (and destroy the socket) after this long; default 10 s. */
  readonly timeoutMs?: number
}

/** Sends `bytes` (then `parts`) and resolves with what came back once the server closed. */
export function rawRequest(port: number, bytes: string | Buffer, options: RawOptions = {}): Promise<RawResponse> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const parts = options.parts ?? []
    let next = 0
    let timer: NodeJS.Timeout | undefined
    const guard = setTimeout(() => {
      socket.destroy()
      reject(
        new Error(
          `no close within ${options.timeoutMs ?? 10000} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`,
        ),
      )
    }, options.timeoutMs ?? 10000)
    const finish = (): void => {
      clearTimeout(guard)
      clearTimeout(timer)
      resolve({
        ...parseRawResponse(Buffer.concat(chunks).toString('latin1'), performance.now() - started),
        partsWritten: next,
      })
    }
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // a reset after the answer arrived still leaves the answer to check
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
        clearTimeout(guard)
        reject(error)
      }
    })
    socket.on('close', finish)
    socket.write(bytes)
    const writeNext = (): void => {
      if (socket.destroyed) return
      if (next < parts.length) {
        socket.write(parts[next++]!)
        timer = setTimeout(writeNext, options.gapMs ?? 0)
      } else if (options.end) socket.end()
    }
    if (parts.length > 0) timer = setTimeout(writeNext, options.gapMs ?? 0)
    else if (options.end) socket.end()
  })
}

/** A request whose head is sent without its final blank line: its connection is busy, not idle. */
export interface UnfinishedRequest {
  /** Sends the rest of the request (by default the blank line that ends its head). */
  finish(rest?: string): void
  /** Everything the server sent, as latin1 text, once it closed the connection ('' after a reset). */
  readonly answer: Promise<string>
}

/** Connects and writes `head` (CL10 tests: a request still arriving when shutdown begins). */
export async function unfinishedRequest(port: number, head: string): Promise<UnfinishedRequest> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {}) // a reset shows as a missing answer
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(head)
  const answer = new Promise<string>((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
    socket.on('close', () => resolve(text))
  })
  return { finish: (rest = '\r\n') => void socket.write(rest), answer }
}

/** Splits a raw response into status line, header fields and body. */
export function parseRawResponse(raw: string, elapsedMs = 0): Omit<RawResponse, 'partsWritten'> {
  const end = raw.indexOf('\r\n\r\n')
  const head = (end < 0 ? raw : raw.slice(0, end)).split('\r\n')
  const statusLine = head[0] ?? ''
  const headers = head.slice(1).map((line): [string, string] => {
    const colon = line.indexOf(':')
    return [line.slice(0, colon), line.slice(colon + 1).trim()]
  })
  return {
    raw,
    statusLine,
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body: end < 0 ? '' : raw.slice(end + 4),
    elapsedMs,
  }
}

/** The value of the first header field named `name` (any case), or undefined. */
export function headerOf(response: RawResponse, name: string): string | undefined {
  const lower = name.toLowerCase()
  return response.headers.find(([n]) => n.toLowerCase() === lower)?.[1]
}
