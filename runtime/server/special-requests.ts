/**
 * Requests node:http answers or drops on its own unless the server listens for them, sent through the
 * pipeline instead so that they get a gateway answer (definition.md PL16, PL17: `Server`,
 * `Content-Length`, the system error document; operations.md LG3: an access log line):
 * - CONNECT: node hands it to the `connect` event and, without a listener, closes the connection
 *   unanswered. Its authority target (`host:port`) is rejected by P16 with 400 / 3213; an origin-form
 *   target goes through routing like any method. The connection closes after the answer.
 * - `Expect` other than `100-continue`: node answers a bare `417` without `Server` or
 *   `Content-Length`. Decided: the expectation is ignored and the request handled normally
 *   (RFC 9110 section 10.1.1 allows either).
 */
import { type IncomingMessage, type Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'

export function routeSpecialRequests(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): void {
  server.on('checkExpectation', handle)
  server.on('connect', (req: IncomingMessage, stream: Duplex) => {
    const socket = stream as Socket
    socket.on('error', () => socket.destroy())
    const res = new ServerResponse(req)
    res.shouldKeepAlive = false
    res.assignSocket(socket)
    // the socket stays assigned until it closes, so the response's `close` writes the access log line
    res.once('finish', () => socket.end())
    handle(req, res)
  })
}
