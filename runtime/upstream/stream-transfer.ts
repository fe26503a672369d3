/**
 * The body of a streamed response (upstream.md UP-GEN-6 steps 4-7) while it is transferred: piped to
 * the client response or discarded, with the request log line written when the transfer ends.
 */
import type { Writable } from 'node:stream'

import type { CallControl } from './call-control.js'
import type { CallSite } from './call-site.js'
import { classifyError, CLIENT_ABORTED, type UpstreamFailure, UpstreamFailureError } from './failure.js'
import type { Hop, HopHead } from './hop.js'
import { rawField } from './http-caching.js'
import type { PreparedRequest } from './prepared-request.js'
import { type LogBase, writeRequestLog } from './request-log.js'

/**
 * Piped to a writable as it arrives, or discarded. A failure during the transfer is returned to the
 * caller (it aborts the client connection and writes the alert).
 */
export class StreamTransfer {
  #done = false

  constructor(
    readonly hop: Hop,
    readonly head: HopHead,
    readonly site: CallSite,
    readonly logBase: LogBase,
    readonly control: CallControl,
    readonly request: PreparedRequest,
    readonly tls: boolean,
  ) {}

  /** Bytes streamed so far. */
  get bytes(): number {
    return this.hop.bytes
  }

  /** Pipes the body; `done` gets null when it is complete, or the failure (already logged). */
  pipeTo(sink: Writable, done: (failure: UpstreamFailure | null) => void): void {
    this.hop.pipeTo(sink, (error) => {
      const failure =
        error === null ? null : (this.control.failure ?? classifyError(error, this.request.limits, this.tls))
      this.#log(failure)
      this.control.endTransfer()
      done(failure)
    })
  }

  /** Reads and drops the body (an intermediate redirect); logs the hop. */
  async discardBody(): Promise<void> {
    try {
      await this.hop.discardBody()
      this.#log(null)
    } catch (error) {
      this.#log(this.control.failure ?? classifyError(error, this.request.limits, this.tls))
      throw error
    }
  }

  /** Drops the transfer without reading (an error was raised before sending); logs nothing more than an abort. */
  discard(): void {
    if (this.#done) return
    this.hop.abort(new UpstreamFailureError(CLIENT_ABORTED))
    this.#log(CLIENT_ABORTED)
    this.control.endTransfer()
  }

  #log(failure: UpstreamFailure | null): void {
    if (this.#done) return
    this.#done = true
    const head = this.head
    const aborted = failure?.kind === 'aborted'
    writeRequestLog(this.site.logger, this.logBase, {
      status: aborted ? 0 : head.status,
      mime: rawField(head.rawHeaders, 'content-type') ?? '',
      bytes: this.hop.bytes,
      started: this.hop.started,
      headAt: head.at,
      cacheHit: false,
      refresh: false,
      failure,
    })
  }
}
