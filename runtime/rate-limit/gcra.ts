/**
 * Request quotas by GCRA, the generic cell rate algorithm (rate-limits.md RL2, RL5): per key one stored
 * number, the theoretical arrival time (TAT) of the next request if requests came exactly one emission
 * interval T = window / limit apart. A request is admitted while it would not push the TAT more than
 * one window ahead of now, so `limit` requests pass at once from an empty state, then one every T.
 * Several checks (one per policy) are decided together: a request is admitted only if every check
 * admits it, and a refused request stores nothing, so hammering while refused never delays recovery.
 *
 * Times are kept as integer microseconds. In floating-point milliseconds near `Date.now()` (~1.7e12)
 * adding T `limit` times drifts past the window, and the last of `limit` requests at once was refused
 * for about half of all limits up to 500; integers are exact up to 2^53 µs (year 2255). T is rounded
 * down to a whole microsecond (at least 1) and the burst is `limit * T`, so exactly `limit` requests
 * fit at once and the rate is at most one part in T above the configured one.
 */

export interface LimitCheck {
  /** The policy the check counts for: checks of different scopes never share a count. */
  readonly scope: string
  /** The request's key value under that policy (rate-limits.md RL3). */
  readonly value: string
  /** Requests per window, at least 1. */
  readonly limit: number
  /** The window in milliseconds, greater than 0. */
  readonly windowMs: number
}

export interface PolicyState {
  readonly remaining: number
  readonly resetSeconds: number
}

export interface LimitDecision {
  readonly admitted: boolean
  /** One per check, in order: the quota left after this request (0 when it was refused), and whole seconds until the full quota is back (ceil; 0 when full). */
  readonly states: readonly PolicyState[]
  /** When refused: whole seconds (ceil, at least 1) until every refusing check would admit one request; 0 when admitted. */
  readonly retryAfterSeconds: number
}

export interface MemoryRateLimiterOptions {
  /** The most keys kept per scope (default 100 000); see the class comment for what happens beyond. */
  readonly maxKeys?: number
}

const US_PER_MS = 1000
const US_PER_S = 1_000_000
/** Writes between sweeps at the least: a few keys are not swept every other write. */
const MIN_SWEEP_WRITES = 1024

/**
 * GCRA state of one process: per scope (policy) a Map from key value to TAT (µs).
 *
 * Memory stays bounded per scope: an entry whose TAT is at or before now is worth nothing (the key
 * has its full quota either way), so expired entries are swept lazily, in one pass once more writes
 * have happened since the last sweep than it left entries, and at least 1024 (about two entries
 * visited per write, amortised, and at most 1024 expired entries waiting), or, while more than
 * `maxKeys` are held, every `maxKeys / 16` writes (about 16 per write). Whatever is still over
 * `maxKeys` after that goes least recently written first: a write moves its entry to the end of the
 * Map's insertion order, which is thus write order. Evicting a live entry gives that key its full
 * quota back (fails open): a flood of new keys can make old keys of the same policy forget, but never
 * refuses everyone, which refusing new keys would, and never touches the keys of another policy.
 *
 * A scope's Map is keyed by the value itself, not by a string made per request from scope and value:
 * a value read from the request (the socket's address for `client-ip`) keeps its hash from one
 * request to the next, and an entry written again while it is already the newest is updated in place.
 */
export class MemoryRateLimiter {
  readonly #scopes = new Map<string, ScopeState>()
  readonly #maxKeys: number
  /** Writes between sweeps while full: often enough that few live entries go while expired ones stay. */
  readonly #sweepWhenFull: number

  constructor(options: MemoryRateLimiterOptions = {}) {
    const maxKeys = options.maxKeys ?? 100_000
    if (!Number.isInteger(maxKeys) || maxKeys < 1)
      throw new RangeError(`maxKeys must be a positive integer: ${maxKeys}`)
    this.#maxKeys = maxKeys
    this.#sweepWhenFull = Math.max(1, Math.floor(maxKeys / 16))
  }

  /** Entries held now over all scopes, expired ones not yet swept included. */
  get size(): number {
    let size = 0
    for (const scope of this.#scopes.values()) size += scope.tats.size
    return size
  }

  /** Decides one request against all checks at once and stores the new TATs only when it is admitted. */
  check(checks: readonly LimitCheck[], nowMs: number): LimitDecision {
    const now = Math.round(nowMs * US_PER_MS)
    if (checks.length === 1) return this.#checkOne(checks[0]!, now)
    // First pass: does every check admit, and if not, when would the refusing ones admit again.
    let admitted = true
    let retryAfterSeconds = 0
    for (const check of checks) {
      const interval = emissionInterval(check)
      const tat = Math.max(this.#scopes.get(check.scope)?.tats.get(check.value)?.us ?? now, now)
      const ahead = tat + interval - now
      const burst = interval * check.limit
      if (ahead > burst) {
        admitted = false
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((ahead - burst) / US_PER_S))
      }
    }
    // Second pass: the states, and the writes when admitted; nothing is stored for a refusal.
    const states: PolicyState[] = new Array<PolicyState>(checks.length)
    for (let i = 0; i < checks.length; i++) {
      const check = checks[i]!
      const scope = this.#scope(check.scope)
      const entry = scope.tats.get(check.value)
      let tat = Math.max(entry?.us ?? now, now)
      if (admitted) {
        tat += emissionInterval(check)
        this.#store(scope, check.value, entry, tat, now)
      }
      states[i] = stateAfter(check, tat - now, admitted)
    }
    return { admitted, states, retryAfterSeconds: admitted ? 0 : Math.max(1, retryAfterSeconds) }
  }

  /** `check` for a single policy, the usual case: one lookup, nothing but the answer allocated. */
  #checkOne(check: LimitCheck, now: number): LimitDecision {
    const interval = emissionInterval(check)
    const scope = this.#scope(check.scope)
    const entry = scope.tats.get(check.value)
    const tat = Math.max(entry?.us ?? now, now)
    const ahead = tat + interval - now
    const burst = interval * check.limit
    if (ahead > burst) {
      const retryAfterSeconds = Math.max(1, Math.ceil((ahead - burst) / US_PER_S))
      return { admitted: false, states: [stateAfter(check, tat - now, false)], retryAfterSeconds }
    }
    this.#store(scope, check.value, entry, tat + interval, now)
    return { admitted: true, states: [stateAfter(check, ahead, true)], retryAfterSeconds: 0 }
  }

  #scope(name: string): ScopeState {
    let scope = this.#scopes.get(name)
    if (scope === undefined) this.#scopes.set(name, (scope = new ScopeState()))
    return scope
  }

  #store(scope: ScopeState, value: string, entry: Tat | undefined, tat: number, now: number): void {
    const tats = scope.tats
    if (entry === undefined) tats.set(value, new Tat(tat))
    else {
      entry.us = tat
      // moved to the end, so that insertion order stays write order for eviction
      if (scope.newest !== value) {
        tats.delete(value)
        tats.set(value, entry)
      }
    }
    scope.newest = value
    const full = tats.size > this.#maxKeys
    if (++scope.writesSinceSweep > (full ? this.#sweepWhenFull : Math.max(scope.sizeAfterSweep, MIN_SWEEP_WRITES))) {
      tats.forEach((entryTat, entryValue) => {
        if (entryTat.us <= now) tats.delete(entryValue)
      })
      scope.writesSinceSweep = 0
      scope.sizeAfterSweep = tats.size
    }
    if (tats.size > this.#maxKeys) {
      // Still full: the least recently written go first (see the class comment).
      for (const oldest of tats.keys()) {
        tats.delete(oldest)
        if (tats.size <= this.#maxKeys) break
      }
    }
  }
}

/** A stored theoretical arrival time (µs), updated in place. */
class Tat {
  constructor(public us: number) {}
}

/** The entries of one scope, in write order. */
class ScopeState {
  readonly tats = new Map<string, Tat>()
  /** The value written last: while it is in `tats`, its entry is the last in insertion order. */
  newest: string | null = null
  writesSinceSweep = 0
  sizeAfterSweep = 0
}

/**
 * A check's state once a request was decided, from how far (µs) its TAT is ahead of now after the
 * decision: the requests left (0 for a check that refused) and the seconds until the full quota is
 * back. Shared by every store, so that they answer alike.
 */
export function stateAfter(check: LimitCheck, aheadUs: number, admitted: boolean): PolicyState {
  const interval = emissionInterval(check)
  const burst = interval * check.limit
  const refused = !admitted && aheadUs + interval > burst
  return { remaining: refused ? 0 : Math.floor((burst - aheadUs) / interval), resetSeconds: seconds(aheadUs) }
}

/** T in whole microseconds, at least 1 (see the file comment). */
export function emissionInterval(check: LimitCheck): number {
  return Math.max(1, Math.floor((check.windowMs * US_PER_MS) / check.limit))
}

/** Whole seconds, rounded up, for a span in µs; 0 when it is not positive. */
function seconds(span: number): number {
  return span > 0 ? Math.ceil(span / US_PER_S) : 0
}
