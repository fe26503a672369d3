/**
 * What bounds one upstream call (upstream.md UP-TIME-1, UP-TIME-3, UP-GEN-6 step 5, UP-ERR-7, flows.md
 * F-EXEC-8): the overall timer across redirect hops and the client-gone watcher, both stopping the
 * current hop. For a streamed response the timer ends with the head and the watcher stays until the
 * transfer ends. The watcher is registered with the exchange itself (no AbortSignal or listener per
 * call); a site that only has a signal gets a listener on it.
 */
import type { ClientGoneWatcher } from '../context/flow-context.js'
import { CLIENT_ABORTED, timeoutFailure, type UpstreamFailure, UpstreamFailureError } from './failure.js'
import type { Hop } from './hop.js'
import type { PreparedRequest } from './prepared-request.js'

/**
 * Where a call learns that the client went away: the site's watchers (the request pipeline's, with no
 * AbortSignal made), else a listener on its signal.
 */
export interface ClientLink {
  readonly signal: AbortSignal
  watchClientGone?(watcher: ClientGoneWatcher): boolean
  unwatchClientGone?(watcher: ClientGoneWatcher): void
}

/** The overall timer, the client-gone watcher and the current hop. */
export class CallControl implements ClientGoneWatcher {
  hop: Hop | null = null
  failure: UpstreamFailure | null = null
  /** performance.now() when the overall timeout expires (no retry waits past it, UP-POOL-6). */
  readonly deadline: number
  #timer: NodeJS.Timeout | null
  readonly #link: ClientLink
  #watching = false
  /** The listener on the link's signal when the link cannot watch. */
  #onAbort: (() => void) | null = null
  #transfer = false

  /** `timed` false: no overall timer (a svc-test backend flow answers, actions.md ACT-backend-flow-2). */
  constructor(request: PreparedRequest, link: ClientLink, timed = true) {
    this.#link = link
    const ms = request.limits.overallMs
    this.deadline = performance.now() + ms
    this.#timer = timed ? setTimeout(() => this.stop(timeoutFailure('overall', ms)), ms) : null
    if (link.watchClientGone !== undefined) {
      if (link.watchClientGone(this)) this.#watching = true
      else this.failure = CLIENT_ABORTED
      return
    }
    const signal = link.signal
    if (signal.aborted) this.failure = CLIENT_ABORTED
    else signal.addEventListener('abort', (this.#onAbort = () => this.clientGone()), { once: true })
  }

  /** F-EXEC-8, UP-ERR-7: the client went away. */
  clientGone(): void {
    this.stop(CLIENT_ABORTED)
  }

  stop(failure: UpstreamFailure): void {
    if (this.failure !== null) return
    this.failure = failure
    this.hop?.abort(new UpstreamFailureError(failure))
  }

  /** A streamed response: the overall timer ends with the head; the abort listener stays for the transfer. */
  keepForTransfer(): void {
    this.#transfer = true
    this.#clearTimer()
  }

  /** Ends the transfer phase: releases the client-gone watcher. */
  endTransfer(): void {
    this.#unwatch()
  }

  release(): void {
    this.#clearTimer()
    if (!this.#transfer) this.#unwatch()
  }

  #unwatch(): void {
    if (this.#watching) {
      this.#watching = false
      this.#link.unwatchClientGone?.(this)
    } else if (this.#onAbort !== null) {
      this.#link.signal.removeEventListener('abort', this.#onAbort)
      this.#onAbort = null
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
  }
}
