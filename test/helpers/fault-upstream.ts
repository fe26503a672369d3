/**
 * A misbehaving upstream on a raw node:net server (127.0.0.1, port 0) for the upstream fault tests:
 * it reads the request head and acts according to the first path segment (FAULTS). It counts open
 * connections, so a test can check that the gateway freed its socket after each fault.
 */
import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'

export type Fault =
  | 'ok'
  | 'slow-ok'
  | 'reset-mid-body'
  | 'close-mid-body'
  | 'slow-drip'
  | 'silent'
  | 'invalid-http'
  | 'giant-headers'
  | 'long-body'
  | 'bad-chunked'

const OK_BODY = '{"ok":true}'

function head(status: string, fields: string[]): string {
  return `HTTP/1.1 ${status}\r\n${fields.map((f) => `${f}\r\n`).join('')}\r\n`
}

const ACTIONS: { readonly [F in Fault]: (socket: Socket, timers: Set<NodeJS.Timeout>) => void } = {
  ok: (socket) =>
    socket.write(head('200 OK', ['Content-Type: application/json', `Content-Length: ${OK_BODY.length}`]) + OK_BODY),
  'slow-ok': (socket, timers) => {
    timers.add(setTimeout(() => ACTIONS.ok(socket, timers), 300))
  },
  'reset-mid-body': (socket) => {
    socket.write(head('200 OK', ['Content-Type: text/plain', 'Content-Length: 1000']) + 'x'.repeat(100), () =>
      socket.resetAndDestroy(),
    )
  },
  'close-mid-body': (socket) => {
    socket.end(head('200 OK', ['Content-Type: text/plain', 'Content-Length: 1000']) + 'x'.repeat(100))
  },
  'slow-drip': (socket, timers) => {
    socket.write(head('200 OK', ['Content-Type: text/plain', 'Content-Length: 100']))
    const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write('x')), 100)
    timers.add(drip)
  },
  silent: () => undefined,
  'invalid-http': (socket) => socket.end('HELLO THERE\r\nthis is not http\r\n\r\n'),
  'giant-headers': (socket) => {
    const fields = Array.from({ length: 64 }, (_, i) => `X-Filler-${i}: ${'f'.repeat(1024)}`)
    socket.end(head('200 OK', [...fields, 'Content-Length: 2']) + 'ok')
  },
  'long-body': (socket) =>
    socket.write(
      head('200 OK', ['Content-Type: text/plain', 'Content-Length: 2']) +
        'okEXTRA BYTES THAT ARE NOT A RESPONSE\r\n\r\n',
    ),
  'bad-chunked': (socket) =>
    socket.end(head('200 OK', ['Content-Type: text/plain', 'Transfer-Encoding: chunked']) + 'zz\r\nnope\r\n0\r\n\r\n'),
}

export interface FaultUpstream {
  readonly origin: string
  /** Connections open right now. */
  readonly open: number
  /** The most connections that were open at once. */
  readonly peak: number
  /**
   * Resolves once every connection that last served `fault` is closed (rejects after `timeoutMs`).
   * Connections that served `ok` stay in the gateway's keep-alive pool, so only faults are waited for.
   */
  closedAfter(fault: Fault, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startFaultUpstream(): Promise<FaultUpstream> {
  const sockets = new Map<Socket, Fault | null>()
  const timers = new Set<NodeJS.Timeout>()
  let peak = 0
  let waiters: { fault: Fault; done: () => void }[] = []
  const serving = (fault: Fault): boolean => [...sockets.values()].includes(fault)
  const server: Server = createServer((socket) => {
    sockets.set(socket, null)
    peak = Math.max(peak, sockets.size)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      sockets.delete(socket)
      const done = waiters.filter((waiter) => !serving(waiter.fault))
      waiters = waiters.filter((waiter) => serving(waiter.fault))
      for (const waiter of done) waiter.done()
    })
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      // one request head at a time (the gateway sends bodiless GETs); keep-alive sends the next later
      for (let end = received.indexOf('\r\n\r\n'); end >= 0; end = received.indexOf('\r\n\r\n')) {
        const target = received.slice(0, received.indexOf('\r\n')).split(' ')[1] ?? '/'
        received = received.slice(end + 4)
        const named = (target.split('/')[1] ?? 'ok') as Fault
        const fault = named in ACTIONS ? named : 'ok'
        sockets.set(socket, fault)
        ACTIONS[fault](socket, timers)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return sockets.size
    },
    get peak() {
      return peak
    },
    closedAfter(fault, timeoutMs = 3000) {
      if (!serving(fault)) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the upstream connection of '${fault}' is still open after ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiters.push({
          fault,
          done: () => {
            clearTimeout(timer)
            resolve()
          },
        })
      })
    },
    close() {
      for (const timer of timers) clearTimeout(timer)
      for (const socket of sockets.keys()) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
