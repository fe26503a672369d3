/**
 * The HTTP-layer limits of a gateway's node:http server (issue 8; defaults and variables in
 * config.ts, SECURITY.md and docs/configuration.md): the header section size (431, PL19), slow clients
 * (`headersTimeout`/`requestTimeout`: 408 from client-error.ts), keep-alive (idle timeout, requests per
 * connection), the request-target length (414), a missing or repeated `Host` field (400) and the
 * number of query parameters (400 / 3213). 414 and the `Host` checks are answered like PL19: before
 * PL1, empty body, `Connection: close`, no access log line.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http'

import type { ServerConfig } from '../http/config.js'

/** How often node looks for connections past their head/request timeout (at least 4 times per timeout). */
function checkingInterval(config: ServerConfig): number {
  const shortest = Math.min(config.headersTimeoutMs, config.requestTimeoutMs)
  return Math.min(30_000, Math.max(50, Math.floor(shortest / 4)))
}

/** Options for `createServer` (gateway.ts, and the serve-mode host of runtime/cluster/swap-host.ts). */
export function httpServerOptions(config: ServerConfig): ServerOptions {
  return {
    maxHeaderSize: config.maxHeaderSize,
    noDelay: true,
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: checkingInterval(config),
    // checked in refuseAtHttpLayer, which answers in the PL19 format (node's own 400 lacks `Server`)
    requireHostHeader: false,
  }
}

/** The limits node keeps as server properties rather than options. */
export function applyServerLimits(server: Server, config: ServerConfig): void {
  server.keepAliveTimeout = config.keepAliveTimeoutMs
  server.maxRequestsPerSocket = config.maxRequestsPerSocket
}

/**
 * Requests refused at the HTTP layer, answered like PL19 (empty body, `Connection: close`, no request
 * id or access log line); true when it answered. The connection is closed afterwards, so an unread
 * body does not matter.
 * - 414 when the request target is longer than SVC_MAX_URL_LENGTH.
 * - 400 for an HTTP/1.1 message without a `Host` field or with more than one (RFC 9112 section 3.2
 *   requires both; node's parser lets a repeated one through, and two hosts could route or log a
 *   request differently).
 */
export function refuseAtHttpLayer(req: IncomingMessage, res: ServerResponse, config: ServerConfig): boolean {
  if ((req.url ?? '').length > config.maxUrlLength) return refuse(res, 414, 'URI Too Long')
  const hosts = hostFields(req.rawHeaders)
  if (hosts > 1 || (hosts === 0 && req.httpVersion === '1.1')) return refuse(res, 400, 'Bad Request')
  return false
}

function hostFields(rawHeaders: readonly string[]): number {
  let count = 0
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (name.length === 4 && name.toLowerCase() === 'host') count++
  }
  return count
}

function refuse(res: ServerResponse, status: number, reason: string): true {
  res.shouldKeepAlive = false
  res.writeHead(status, reason, { Server: 'svc-gateway', 'Content-Length': '0', Connection: 'close' })
  res.end()
  return true
}

/** Whether `query` (raw, without `?`) has more than `limit` `&`-separated parameters. */
export function tooManyQueryParams(query: string, limit: number): boolean {
  let count = 1
  for (let i = 0; i < query.length; i++) {
    if (query.charCodeAt(i) === 38 /* & */ && ++count > limit) return true
  }
  return count > limit
}
