/**
 * What bounds one upstream call (upstream.md UP-TIME-1, UP-TIME-3, UP-GEN-6 step 5, UP-ERR-7, flows.md
 * F-EXEC-8): the overall timer across redirect hops and the client-gone listener, both stopping the
 * current hop. For a streamed response the timer ends with the head and the listener stays until the
 * transfer ends.
 */
import { CLIENT_ABORTED, timeoutFailure, UpstreamFailureError, type UpstreamFailure } from './failure.js'
import type { Hop } from './hop.js'
import type { PreparedRequest } from './prepared-request.js'

/** The overall timer, the client-gone listener and the current hop. */
export class CallControl {
  hop: Hop | null = null
  failure: UpstreamFailure | null = null
  #timer: NodeJS.Timeout | null
  #signal: AbortSignal
  #transfer = false
  readonly #onAbort = (): void => this.stop(CLIENT_ABORTED)

  constructor(request: PreparedRequest, signal: AbortSignal) {
    this.#signal = signal
    const ms = request.limits.overallMs
    this.#timer = setTimeout(() => this.stop(timeoutFailure('overall', ms)), ms)
    if (signal.aborted) this.failure = CLIENT_ABORTED
    else signal.addEventListener('abort', this.#onAbort, { once: true })
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

  /** Ends the transfer phase: releases the abort listener. */
  endTransfer(): void {
    this.#signal.removeEventListener('abort', this.#onAbort)
  }

  release(): void {
    this.#clearTimer()
    if (!this.#transfer) this.#signal.removeEventListener('abort', this.#onAbort)
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
  }
}
