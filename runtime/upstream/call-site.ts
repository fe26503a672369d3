/**
 * What an upstream call (call.ts) and its streamed transfer (stream-transfer.ts) need of the action
 * that makes it: the request id and logger, the client-gone signal (flows.md F-EXEC-8), run-time
 * warnings, and svc-test's backend flows (actions.md ACT-backend-flow-2).
 */
import type { Dispatcher } from 'undici'

import type { ClientGoneWatcher } from '../context/flow-context.js'
import type { ParentSpan } from '../context/trace.js'
import type { Logger } from '../log/logger.js'
import type { KeyedRequest } from '../request-key/request-key.js'

export interface CallSite {
  readonly requestId: string
  readonly logger: Logger
  /** The request's AbortSignal (fires when the client goes away). */
  readonly signal: AbortSignal
  /** Cheaper than a listener on `signal` (CallControl uses them when present). */
  watchClientGone?(watcher: ClientGoneWatcher): boolean
  unwatchClientGone?(watcher: ClientGoneWatcher): void
  /** Reports a run-time warning. */
  warn(message: string): void
  /** The client request that keys read from (a `hash` pool, upstream.md UP-POOL-3); absent outside one. */
  keyedRequest?(): KeyedRequest
  /** The span that parents the call's client spans when the request is traced (operations.md TR4). */
  readonly trace?: ParentSpan | null
  /** svc-test (actions.md ACT-backend-flow-2): the dispatcher of a backend flow for request `id`, or null. */
  readonly backendFor?: ((id: string) => Dispatcher | null) | null
}
