/**
 * One HTTP exchange with an upstream (one redirect hop; upstream.md UP-GEN-3 step 4, UP-GEN-4,
 * UP-GEN-6, UP-NET-9, UP-TIME): an undici dispatch handler that first delivers the response head,
 * then either buffers the body (bounded), forwards it to a writable as it arrives (with
 * backpressure: a paused client pauses the upstream, and undici's body timer does not run while
 * paused), or discards it. Interim 1xx responses are skipped. `abort()` ends the exchange at any
 * point and closes its connection; every promise handed out settles exactly once.
 */
import type { Readable, Writable } from 'node:stream'

import type { Dispatcher } from 'undici'

import { timeoutFailure, transportFailure, UpstreamFailureError } from './failure.js'

export interface HopRequest {
  readonly origin: string
  /** Request target (`/path?query`). */
  readonly path: string
  readonly method: string
  /** Header names and values in order (values as byte strings: one char per byte). */
  readonly headers: readonly string[]
  readonly body: Buffer | Readable | null
  /** TLS server name (the URL host), undefined for IP addresses and plain HTTP. */
  readonly servername: string | undefined
  /** Time-to-first-byte limit in ms; 0: none. */
  readonly headersTimeoutMs: number
  /** Limit for each pause of the body in ms; 0: none. */
  readonly bodyTimeoutMs: number
}

export interface HopHead {
  readonly status: number
  /** Header names and values as received, in order (latin1-decoded). */
  readonly rawHeaders: readonly string[]
  /** performance.now() when the head arrived. */
  readonly at: number
}

type Mode = 'undecided' | 'buffer' | 'stream' | 'discard'

interface Waiter<T> {
  resolve(value: T): void
  reject(error: unknown): void
}

/** Bytes of body kept while nobody has decided what to do with it; beyond that the upstream pauses. */
const UNDECIDED_BUFFER = 65536

export class Hop {
  readonly started = performance.now()
  /** Body bytes received (before content decoding). */
  bytes = 0
  #abort: ((error: Error) => void) | null = null
  #resume: (() => void) | null = null
  #paused = false
  #failure: unknown = null
  #head: HopHead | null = null
  #complete = false
  #mode: Mode = 'undecided'
  // `new Array`, not `[]`: see singleton() (runtime/values/item.ts) on pretenured literals
  #chunks = new Array<Buffer>()
  #limit = Infinity
  #tooLarge: ((limit: number) => UpstreamFailureError) | null = null
  #sink: Writable | null = null
  #headWaiter: Waiter<HopHead> | null = null
  #bodyWaiter: Waiter<void> | null = null
  #headTimer: NodeJS.Timeout | null = null
  readonly #onDrain = (): void => this.#continue()

  private constructor(
    /** Time-to-first-byte limit in ms (0: none), timed from the request being written (UP-TIME-1). */
    readonly headersTimeoutMs: number,
  ) {}

  /** Starts the exchange on `dispatcher`. */
  static start(dispatcher: Dispatcher, request: HopRequest): Hop {
    const hop = new Hop(request.headersTimeoutMs)
    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers as string[],
          body: request.body,
          servername: request.servername,
          // undici's own head timer ticks in steps of up to a second: the hop times it (onRequestSent).
          headersTimeout: 0,
          bodyTimeout: request.bodyTimeoutMs,
          idempotent: false,
        } as Dispatcher.DispatchOptions,
        hop as unknown as Dispatcher.DispatchHandler,
      )
    } catch (error) {
      hop.#fail(error)
    }
    return hop
  }

  /** True once the body has been received completely. */
  get complete(): boolean {
    return this.#complete
  }

  get failed(): boolean {
    return this.#failure !== null
  }

  /** The body once received completely (what readBody then gives without waiting), else null. */
  get receivedBody(): Buffer[] | null {
    return this.#complete ? this.#chunks : null
  }

  /** Resolves with the response head; rejects with the failure. */
  head(): Promise<HopHead> {
    if (this.#head !== null) return Promise.resolve(this.#head)
    if (this.#failure !== null) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => (this.#headWaiter = { resolve, reject }))
  }

  /**
   * Buffers the body; rejects with `tooLarge()` (made only then: errors are costly) once more than
   * `limit` bytes arrived, and with the exchange's failure otherwise.
   */
  readBody(limit: number, tooLarge: (limit: number) => UpstreamFailureError): Promise<Buffer[]> {
    this.#mode = 'buffer'
    this.#limit = limit
    this.#tooLarge = tooLarge
    if (this.bytes > limit) this.abort(tooLarge(limit))
    // usually the whole body came with the head
    if (this.#complete) return Promise.resolve(this.#chunks)
    return this.#whenComplete().then(() => this.#chunks)
  }

  /**
   * Forwards the body to `sink` (chunks written as they arrive); `done` is called once, with null when
   * the body has been received, else with the failure. A callback rather than a promise: a proxied
   * body usually ends in the same turn, and its end is the response's end.
   */
  pipeTo(sink: Writable, done: (failure: unknown) => void): void {
    this.#mode = 'stream'
    this.#sink = sink
    const queued = this.#chunks
    this.#chunks = []
    let writable = true
    for (const chunk of queued) writable = sink.write(chunk)
    if (!writable) sink.once('drain', this.#onDrain)
    else this.#continue()
    if (this.#complete) done(null)
    else if (this.#failure !== null) done(this.#failure)
    else this.#bodyWaiter = { resolve: () => done(null), reject: done }
  }

  /** Drops the body (an intermediate redirect response) and waits for its end. */
  discardBody(): Promise<void> {
    this.#mode = 'discard'
    this.#chunks = []
    this.#continue()
    return this.#whenComplete()
  }

  /** Ends the exchange (timeout, client gone, limit); its connection is closed, not pooled. */
  abort(reason: Error): void {
    if (this.#complete || this.#failure !== null) return
    this.#fail(reason)
    this.#abort?.(reason)
  }

  #whenComplete(): Promise<void> {
    if (this.#complete) return Promise.resolve()
    if (this.#failure !== null) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => (this.#bodyWaiter = { resolve, reject }))
  }

  #continue(): void {
    if (!this.#paused) return
    this.#paused = false
    this.#resume?.()
  }

  #clearHeadTimer(): void {
    if (this.#headTimer !== null) clearTimeout(this.#headTimer)
    this.#headTimer = null
  }

  #fail(error: unknown): void {
    this.#clearHeadTimer()
    if (this.#failure !== null || this.#complete) return
    this.#failure = error ?? transportFailure('unknown error', 'ERROR')
    this.#chunks = []
    const head = this.#headWaiter
    const body = this.#bodyWaiter
    this.#headWaiter = this.#bodyWaiter = null
    head?.reject(this.#failure)
    body?.reject(this.#failure)
  }

  // ---- undici's dispatch handler ----

  onConnect(abort: (error: Error) => void): void {
    this.#abort = abort
    if (this.#failure !== null) abort(this.#failure instanceof Error ? this.#failure : new Error('aborted'))
  }

  onRequestSent(): void {
    const ms = this.headersTimeoutMs
    if (ms > 0 && this.#head === null && this.#failure === null) {
      this.#headTimer = setTimeout(
        () => this.abort(new UpstreamFailureError(timeoutFailure('time-to-first-byte', ms))),
        ms,
      )
    }
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (status < 200) return true // interim responses are skipped (UP-NET-9)
    this.#clearHeadTimer()
    this.#resume = resume
    const headers: string[] = new Array(rawHeaders.length)
    for (let i = 0; i < rawHeaders.length; i++) headers[i] = rawHeaders[i]!.toString('latin1')
    this.#head = { status, rawHeaders: headers, at: performance.now() }
    const waiter = this.#headWaiter
    this.#headWaiter = null
    waiter?.resolve(this.#head)
    return true
  }

  onData(chunk: Buffer): boolean {
    this.bytes += chunk.length
    switch (this.#mode) {
      case 'stream':
        if (this.#sink!.write(chunk)) return true
        this.#sink!.once('drain', this.#onDrain)
        this.#paused = true
        return false
      case 'discard':
        return true
      case 'buffer':
        this.#chunks.push(chunk)
        if (this.bytes > this.#limit) {
          this.abort(this.#tooLarge!(this.#limit))
          return false
        }
        return true
      case 'undecided':
        this.#chunks.push(chunk)
        if (this.bytes <= UNDECIDED_BUFFER) return true
        this.#paused = true
        return false
    }
  }

  onComplete(): void {
    if (this.#failure !== null) return
    this.#complete = true
    const waiter = this.#bodyWaiter
    this.#bodyWaiter = null
    waiter?.resolve()
  }

  onError(error: Error): void {
    this.#fail(error)
  }
}
