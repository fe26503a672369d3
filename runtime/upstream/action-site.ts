/**
 * What the upstream actions pass around about the running action: its position and name (RF info,
 * flows.md F-EXEC-6), the flow file's directory (relative body sources), the request's logger,
 * AbortSignal and client-gone watchers, run-time warnings, and the client request that pool keys read
 * from; plus the gateway's upstream services.
 */
import type { Dispatcher } from 'undici'

import type { ClientGoneWatcher, FlowContext } from '../context/flow-context.js'
import type { ParentSpan } from '../context/trace.js'
import type { Logger } from '../log/logger.js'
import type { KeyedRequest } from '../request-key/request-key.js'
import { evaluateString } from '../xpath/evaluate.js'
import type { UpstreamServices } from './services.js'
import { warnAt } from './warnings.js'

export interface ActionSite {
  readonly at: string
  readonly action: string
  readonly dir: string
  readonly requestId: string
  readonly logger: Logger
  readonly signal: AbortSignal
  warn(message: string): void
  /** svc-test (actions.md ACT-backend-flow-2): the backend flow's dispatcher for a request ID, or null. */
  readonly backendFor: ((id: string) => Dispatcher | null) | null
  /** See FlowContext.watchClientGone: cheaper than a listener on `signal`. */
  watchClientGone(watcher: ClientGoneWatcher): boolean
  unwatchClientGone(watcher: ClientGoneWatcher): void
  keyedRequest(): KeyedRequest
  /** The span current when the action runs (operations.md TR4). */
  readonly trace: ParentSpan | null
}

export function actionSite(ctx: FlowContext, at: string, action: string, dir: string): ActionSite {
  return new FlowActionSite(ctx, at, action, dir)
}

/**
 * The site of an action running in `ctx`. What most requests never use is made on first use: the
 * AbortSignal (calls watch the client through `watchClientGone`), the `warn` function, the backend lookup.
 */
class FlowActionSite implements ActionSite {
  readonly requestId: string
  readonly logger: Logger
  readonly #ctx: FlowContext
  #warn: ((message: string) => void) | null = null

  constructor(
    ctx: FlowContext,
    readonly at: string,
    readonly action: string,
    readonly dir: string,
  ) {
    this.#ctx = ctx
    this.requestId = ctx.requestId
    this.logger = ctx.gateway.logger
  }

  get signal(): AbortSignal {
    return this.#ctx.signal
  }

  get trace(): ParentSpan | null {
    return this.#ctx.trace
  }

  /** A function of its own (callers pass it on detached). */
  get warn(): (message: string) => void {
    return (this.#warn ??= (message) => warnAt(this.#ctx, this.action, message))
  }

  get backendFor(): ((id: string) => Dispatcher | null) | null {
    const test = this.#ctx.gateway.testRun
    if (test === undefined) return null
    const ctx = this.#ctx
    return (id) => test.backendDispatcher(ctx, id)
  }

  watchClientGone(watcher: ClientGoneWatcher): boolean {
    return this.#ctx.watchClientGone(watcher)
  }

  unwatchClientGone(watcher: ClientGoneWatcher): void {
    this.#ctx.unwatchClientGone(watcher)
  }

  keyedRequest(): KeyedRequest {
    const ctx = this.#ctx
    return {
      peer: ctx.request?.remoteAddress,
      headers: ctx.request?.headers ?? new Map(),
      claims: ctx.jwtClaims ?? null,
      evaluate: (expr) => evaluateString(ctx, expr),
    }
  }
}

/** The gateway's upstream services; a gateway always has them (runtime/server/gateway.ts). */
export function upstreamServices(ctx: FlowContext): UpstreamServices {
  const services = ctx.gateway.upstream
  if (services === undefined) throw new Error('this gateway has no upstream services')
  return services
}
