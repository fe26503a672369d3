/**
 * The points where the request pipeline (runtime/server) hands each exchange to the operations
 * features, one call per point:
 *
 * - `beginExchange` (PL1): the debug session (operations.md DB4: the `Debug` header, `$request/debug`),
 *   the in-flight gauge (HL4), topic `time` starts (DB3);
 * - `traceExchange` (after PL2, tracing on): the server span (operations.md TR3);
 * - `noteRoute` (PL5): the route label of the metrics and the span's name, a `routing` debug message;
 * - `startFlowDebugging` (when the flow context is made): `ctx.debug` and `ctx.debugSession`;
 * - `debugBody` (PL14, sending): the `append` sink (DB7; not for HEAD, 204/304, CORS pre-flights or
 *   reserved endpoints, whose messages go to the log sink);
 * - `endExchange` (response done or client gone): metrics (HL4), held debug messages, and whether the
 *   access line is written (not for the health and readiness endpoints, LG10).
 */
import type { FlowContext } from '../context/flow-context.js'
import { attachDebugSession } from '../debug/flow-debug.js'
import { startRequestDebugging } from '../debug/request-debug.js'
import type { RouteMatch } from '../router/types.js'
import type { Exchange } from './exchange.js'

export { endExchange } from './end-exchange.js'

const CORS_PREFLIGHT = 'cors-preflight'

export function beginExchange(exchange: Exchange): void {
  const settings = exchange.gateway.services.debug
  if (settings !== undefined) {
    const session = (exchange.debug = startRequestDebugging(settings, exchange.record))
    session.stage('PL1-PL5 request and routing')
  }
  exchange.gateway.operations?.metrics?.requestStarted()
}

/** TR3: the server span of a request that is not for a reserved endpoint, when tracing is on. */
export function traceExchange(exchange: Exchange): void {
  const tracer = exchange.gateway.tracer
  if (tracer === null) return
  const { record, req } = exchange
  exchange.span = tracer.startServer({
    method: record.method,
    scheme: record.url.startsWith('https:') ? 'https' : 'http',
    path: record.path,
    query: record.query,
    host: record.host,
    port: record.port,
    clientAddress: record.remoteAddress ?? req.socket.remoteAddress ?? '',
    userAgent: record.headers.get('user-agent'),
    httpVersion: req.httpVersion,
    requestId: record.id,
    startMs: exchange.started,
    header: (name) => record.headers.get(name),
  })
}

export function noteRoute(exchange: Exchange, match: RouteMatch | null): void {
  const session = exchange.debug
  if (match === null) return
  exchange.route = match.route.pattern
  exchange.span?.route(match.route.pattern)
  if (session === null) return
  if (session.selects('debug', 'routing')) {
    const { record } = exchange
    session.write('debug', 'routing', `${record.method} ${record.path} matches ${match.route.pattern}`)
  }
  session.stage('PL6-PL7 method and body')
}

export function startFlowDebugging(exchange: Exchange, ctx: FlowContext): void {
  const session = exchange.debug
  attachDebugSession(ctx, session)
  session?.stage('PL8-PL12 security, flows and validation')
}

/** The body to send, with the `append` sink's messages when they apply (DB7). */
export function debugBody(exchange: Exchange, status: number, body: string | Uint8Array): string | Uint8Array {
  const session = exchange.debug
  if (session === null) return body
  session.stage('PL13-PL14 sending')
  if (!session.config.appends) return body
  const applies =
    exchange.req.method !== 'HEAD' &&
    status !== 204 &&
    status !== 304 &&
    exchange.flow !== CORS_PREFLIGHT &&
    exchange.reserved === null
  return session.appendTo(body, applies)
}
