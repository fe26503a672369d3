/**
 * Malformed HTTP (definition.md PL19): node's parser refuses the message before a request exists; we
 * answer `400 Bad Request` (`431 Request Header Fields Too Large` past SVC_MAX_HEADER_SIZE, 16 KiB by
 * default; `408 Request Timeout` past SVC_HEADERS_TIMEOUT/SVC_REQUEST_TIMEOUT, limits.ts) with an
 * empty body and `Connection: close`, then close. No request id, no flow, no access log line, and
 * never an exception that could stop the process. A connection reset just closes the socket.
 */
import type { Duplex } from 'node:stream'

function answer(status: number, reason: string): string {
  return `HTTP/1.1 ${status} ${reason}\r\nServer: svc-gateway\r\nDate: ${new Date().toUTCString()}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`
}

type ParserError = Error & { code?: string }
type HttpSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null }

/** The server's `clientError` listener. */
export function onClientError(error: ParserError, socket: HttpSocket): void {
  try {
    const inResponse = socket._httpMessage?.headersSent === true
    if (error.code === 'ECONNRESET' || !socket.writable || inResponse) {
      socket.destroy()
      return
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') socket.end(answer(431, 'Request Header Fields Too Large'))
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.end(answer(408, 'Request Timeout'))
    else socket.end(answer(400, 'Bad Request'))
  } catch {
    socket.destroy()
  }
}
