/**
 * Rate limits for the whole instance when it runs `SVC_WORKERS` processes without Redis (rate-limits.md
 * RL9): the workers ask the primary process, which holds the one memory store (gcra.ts). A worker
 * gathers the checks of one event-loop turn into one IPC message, so a busy worker sends a message per
 * turn rather than per request; the primary answers each message with the decisions in order. When no
 * answer comes within PRIMARY_TIMEOUT_MS (a primary that is busy or gone), the worker decides that
 * batch with its own memory store, as with Redis unavailable (RL8).
 */
import type { LimitCheck, LimitDecision, MemoryRateLimiter } from './gcra.js'

/** Milliseconds a worker waits for the primary before its own memory decides. */
export const PRIMARY_TIMEOUT_MS = 100

/** The IPC message of one batch, worker to primary. */
export interface LimitRequestMessage {
  readonly svcRateLimit: {
    readonly batch: number
    readonly nowMs: number
    readonly checks: readonly (readonly LimitCheck[])[]
  }
}

/** The primary's answer. */
export interface LimitReplyMessage {
  readonly svcRateLimitReply: { readonly batch: number; readonly decisions: readonly LimitDecision[] }
}

/** Where a worker sends its batches and hears the answers (node:cluster's worker `process`). */
export interface PrimaryChannel {
  send(message: LimitRequestMessage): unknown
  on(event: 'message', listener: (message: unknown) => void): unknown
}

interface Pending {
  readonly checks: readonly LimitCheck[]
  readonly resolve: (decision: LimitDecision) => void
}

export class PrimaryRateLimitStore {
  #queued: Pending[] = []
  #nextBatch = 1
  readonly #waiting = new Map<
    number,
    { readonly pending: readonly Pending[]; readonly timer: NodeJS.Timeout; readonly nowMs: number }
  >()

  constructor(
    readonly channel: PrimaryChannel,
    readonly local: MemoryRateLimiter,
  ) {
    channel.on('message', (message) => this.#answered(message))
  }

  check(checks: readonly LimitCheck[], nowMs: number): Promise<LimitDecision> {
    return new Promise((resolve) => {
      if (this.#queued.length === 0) setImmediate(() => this.#flush(nowMs))
      this.#queued.push({ checks, resolve })
    })
  }

  #flush(nowMs: number): void {
    const pending = this.#queued
    this.#queued = []
    const batch = this.#nextBatch++
    const timer = setTimeout(() => this.#decideLocally(batch), PRIMARY_TIMEOUT_MS)
    this.#waiting.set(batch, { pending, timer, nowMs })
    try {
      this.channel.send({ svcRateLimit: { batch, nowMs, checks: pending.map((p) => p.checks) } })
    } catch {
      this.#decideLocally(batch)
    }
  }

  #answered(message: unknown): void {
    const reply = (message as Partial<LimitReplyMessage> | null)?.svcRateLimitReply
    if (reply === undefined) return
    const waiting = this.#waiting.get(reply.batch)
    if (waiting === undefined) return
    this.#waiting.delete(reply.batch)
    clearTimeout(waiting.timer)
    waiting.pending.forEach((p, i) => p.resolve(reply.decisions[i] ?? this.local.check(p.checks, waiting.nowMs)))
  }

  #decideLocally(batch: number): void {
    const waiting = this.#waiting.get(batch)
    if (waiting === undefined) return
    this.#waiting.delete(batch)
    clearTimeout(waiting.timer)
    for (const p of waiting.pending) p.resolve(this.local.check(p.checks, waiting.nowMs))
  }
}

/** The primary's side: decides a worker's batch with the instance's store. */
export function answerLimitRequest(store: MemoryRateLimiter, message: unknown): LimitReplyMessage | null {
  const request = (message as Partial<LimitRequestMessage> | null)?.svcRateLimit
  if (request === undefined) return null
  const decisions = request.checks.map((checks) => store.check(checks, Date.now()))
  return { svcRateLimitReply: { batch: request.batch, decisions } }
}
