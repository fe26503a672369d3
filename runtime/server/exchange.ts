/**
 * One client request/response exchange: the request as it arrived, what was answered, and the access
 * log line written when the response is done (operations.md LG3) or the client went away first
 * (flows.md F-EXEC-8: the run's signal fires, nothing more is sent, the line says `aborted: true`).
 * The close listener is one module-level function that finds its exchange on the response object,
 * so no closure is made per request; upstream calls watch the client through `watchClientGone`, so
 * no AbortSignal is made unless something asks for one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { CompiledApp } from '../app.js'
import type { SecurityRuntime } from '../auth/security-runtime.js'
import type { ClientGoneWatcher, FlowContext, GatewayServices, SignalSource } from '../context/flow-context.js'
import type { CorsPolicy } from '../cors/policy.js'
import type { DebugSession } from '../debug/session.js'
import type { GatewayOperations } from '../health/operations.js'
import type { ReservedEndpoint } from '../health/reserved-endpoint.js'
import type { ServerConfig } from '../http/config.js'
import type { SentResponse } from '../http/write-response.js'
import type { Logger } from '../log/logger.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import type { GatewayTracer, ServerSpan } from '../tracing/tracer.js'
import type { ValidationRuntime } from '../validate/modes.js'
import { writeAccessLog } from './access-log.js'
import { endExchange } from './end-exchange.js'
import type { RequestIdSource } from './request-id.js'
import type { RequestRecord } from './request-record.js'

/** What the pipeline needs from its gateway. */
export interface GatewayCore {
  readonly app: CompiledApp
  readonly config: ServerConfig
  readonly services: GatewayServices
  readonly logger: Logger
  readonly ids: RequestIdSource
  /** True once a graceful shutdown began: responses then carry `Connection: close` (CL10). */
  readonly stopping: boolean
  /** HL5: `ready` once listening (and, with Redis, once the store answered); `starting`, `stopping`. */
  readonly readiness: 'starting' | 'ready' | 'stopping'
  /** Security schemes with their keys, per gateway (security.md, PL8); null without security. */
  readonly security: SecurityRuntime | null
  /** Validation modes after SVC_VALIDATE_* and the compiled plan (validation.md VA4, VA5). */
  readonly validation: ValidationRuntime
  /** Metrics, status credentials and mocking (runtime/health, operations.md HL1-HL4, MK1); absent: none of them. */
  readonly operations?: GatewayOperations
  /** The rate limits and their store (rate-limits.md); null when the app has none. */
  readonly rateLimiter: RateLimiter | null
  /** The tracer when tracing is on (operations.md TR1); else null. */
  readonly tracer: GatewayTracer | null
}

const EXCHANGE = Symbol('svc-gateway exchange')

type TaggedResponse = ServerResponse & { [EXCHANGE]?: Exchange }

/**
 * The state of one exchange that outlives any single stage: what was sent (or why not) for the access
 * line and the metrics, the flow context once made, and the client's presence. What routing finds
 * lives in the RoutedExchange the operation stages receive (routed-exchange.ts).
 */
export class Exchange implements SignalSource {
  /** Date.now() at arrival (access log `timestamp`, LG3). */
  readonly arrivalMs = Date.now()
  readonly started = performance.now()
  /** The flow context, once a stage or the error handling made it (runtime/server/flow-run.ts). */
  ctx: FlowContext | null = null
  controller: AbortController | null = null
  /** Access log `flow`: the flow that handled the request, '' when none ran. */
  flow = ''
  /** `$error/code` of the raised error that determined the response (X19). */
  errorCode: number | undefined = undefined
  sent: SentResponse | null = null
  /** Send `Connection: close` (after an unread body, 413). */
  closeConnection = false
  /** The client went away before the response was complete. */
  clientGone = false
  /** PL13: the CORS policy for this response, set once the request is known to be an API request (O9, O18). */
  cors: CorsPolicy | null = null
  /** The rate-limit fields every response of a rate-limited operation carries (rate-limits.md RL6). */
  rateLimitFields: readonly (readonly [string, string])[] | null = null
  /** The request's debug session (operations.md DB1-DB9), made at PL1 (runtime/server/exchange-hooks). */
  debug: DebugSession | null = null
  /** Route pattern of the matched route, '' when none (metrics label, HL4). */
  route = ''
  /** The reserved endpoint answered at PL2 (operations.md HL1-HL4), or null. */
  reserved: ReservedEndpoint | null = null
  /** The request's server span when tracing is on (operations.md TR3), made at PL1. */
  span: ServerSpan | null = null
  #logged = false
  /** Client-gone watchers (upstream calls); the first one without an array. */
  #watcher: ClientGoneWatcher | null = null
  #watchers: ClientGoneWatcher[] | null = null

  constructor(
    readonly gateway: GatewayCore,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** PL1: the request as it arrived (arrival.ts). */
    readonly record: RequestRecord,
    /** Arrived on the admin port (SVC_ADMIN_PORT, operations.md HL6). */
    readonly admin = false,
  ) {
    ;(res as TaggedResponse)[EXCHANGE] = this
    res.on('close', onResponseClose)
  }

  /**
   * The request's AbortSignal (FlowContext SignalSource), made on first use: already aborted when
   * the client left before that.
   */
  get signal(): AbortSignal {
    let controller = this.controller
    if (controller === null) {
      controller = this.controller = new AbortController()
      if (this.clientGone) controller.abort()
    }
    return controller.signal
  }

  watchClientGone(watcher: ClientGoneWatcher): boolean {
    if (this.clientGone) return false
    if (this.#watcher === null) this.#watcher = watcher
    else (this.#watchers ??= []).push(watcher)
    return true
  }

  unwatchClientGone(watcher: ClientGoneWatcher): void {
    if (this.#watcher === watcher) this.#watcher = null
    else if (this.#watchers !== null) {
      const at = this.#watchers.indexOf(watcher)
      if (at >= 0) this.#watchers.splice(at, 1)
    }
  }

  /** F-EXEC-8: the client went away before the response was complete. */
  leave(): void {
    this.clientGone = true
    this.controller?.abort()
    const first = this.#watcher
    const rest = this.#watchers
    this.#watcher = null
    this.#watchers = null
    first?.clientGone()
    if (rest !== null) for (const watcher of rest) watcher.clientGone()
  }

  /** Whether nothing more should be sent. */
  get finished(): boolean {
    return this.clientGone || this.sent !== null || this.res.headersSent
  }

  logAccess(aborted: boolean): void {
    if (this.#logged) return
    this.#logged = true
    // one reading for the span's end, the metrics' duration and the line's realtime: they agree
    const now = performance.now()
    if (!endExchange(this, aborted, now)) return
    const { config, logger } = this.gateway
    if (!config.accessLog) return
    const record = this.record
    const headers = record.headers
    const sent = this.sent
    writeAccessLog(logger, {
      arrivalMs: this.arrivalMs,
      requestId: record.id,
      span: this.span,
      url: record.url,
      path: record.query === null ? record.path : `${record.path}?${record.query}`,
      status: sent !== null ? sent.status : abortedStatus(this.ctx),
      method: this.req.method ?? '',
      agent: headers.get('user-agent') ?? '',
      referrer: headers.get('referer') ?? '',
      mime: sent?.mime ?? '',
      realtime: (now - this.started) / 1000,
      bytes: sent?.bytes ?? 0,
      requestBytes: record.bodySize,
      flow: this.flow,
      requestMime: headers.get('content-type') ?? '',
      location: sent?.location ?? '',
      errorCode: this.errorCode,
      aborted,
      custom: this.ctx?.logFields ?? null,
    })
  }
}

/**
 * LG3 `aborted`: the status as built, or 499 when none was set. Decided: the initial 200 of F-RESP-1
 * counts as "none set".
 */
function abortedStatus(ctx: FlowContext | null): number {
  return ctx !== null && ctx.response.status !== 200 ? ctx.response.status : 499
}

function onResponseClose(this: ServerResponse): void {
  const exchange = (this as TaggedResponse)[EXCHANGE]
  if (exchange === undefined) return
  if (this.writableFinished) {
    exchange.logAccess(false)
    return
  }
  exchange.leave()
  exchange.logAccess(true)
}
