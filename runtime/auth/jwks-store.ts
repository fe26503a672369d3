/**
 * Key sets of `jwks-url` keys, per gateway (security.md J16 "Caching", "Refetch on unknown key",
 * "Failures"): a set is fresh for its `max-age`; the first use fetches and a stale set is refetched
 * before use; concurrent requests share one fetch; after a failed attempt no new attempt is made for
 * 30 s, and the last good set keeps serving meanwhile, also when stale. An unknown key allows one
 * refetch when the last attempt is at least 30 s old. Each failed attempt is a debug line (topic
 * `security`, level `error`) naming the URL and the cause. Keys are used through jose's
 * `createLocalJWKSet`, which selects by `kid`, `alg`, key type and curve.
 */
import type { webcrypto } from 'node:crypto'

import { createLocalJWKSet, errors, type JSONWebKeySet } from 'jose'

import type { Logger } from '../log/logger.js'
import { fetchJwks, type JwksFetcher } from './jwks-fetch.js'

/** J16: no new attempt within 30 s of a failed one; an unknown key refetches at most every 30 s. */
export const JWKS_RETRY_MS = 30_000

type LocalSet = ReturnType<typeof createLocalJWKSet>

interface Entry {
  set: LocalSet | null
  freshUntil: number
  lastAttempt: number
  lastFailure: number
  pending: Promise<void> | null
}

export interface JwksStoreOptions {
  readonly logger: Logger
  /** Milliseconds since the epoch; tests pass their own clock. */
  readonly now?: () => number
  readonly fetcher?: JwksFetcher
}

/** The keys of a set that may verify a token with `alg` and `kid` (J16 "Selection"), in set order. */
export async function candidateKeys(
  set: LocalSet,
  alg: string,
  kid: string | undefined,
): Promise<webcrypto.CryptoKey[]> {
  try {
    return [(await set({ alg, kid })) as webcrypto.CryptoKey]
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) return []
    const keys: webcrypto.CryptoKey[] = []
    for await (const key of error) keys.push(key as webcrypto.CryptoKey)
    return keys
  }
}

export class JwksStore {
  readonly #entries = new Map<string, Entry>()
  readonly #logger: Logger
  readonly #now: () => number
  readonly #fetcher: JwksFetcher

  constructor(options: JwksStoreOptions) {
    this.#logger = options.logger
    this.#now = options.now ?? Date.now
    this.#fetcher = options.fetcher ?? fetchJwks
  }

  /** The set to use now, fetched first when there is none or it is stale; null when unavailable. */
  async current(url: string, requestId: string): Promise<LocalSet | null> {
    const entry = this.#entry(url)
    if (entry.set !== null && this.#now() < entry.freshUntil) return entry.set
    if (entry.pending === null && this.#now() - entry.lastFailure < JWKS_RETRY_MS) return entry.set
    await this.#attempt(url, entry, requestId)
    return entry.set
  }

  /**
   * After no key fitted: a refetched set when the last attempt is at least 30 s old (or one is under
   * way), else undefined (no refetch allowed).
   */
  async refetch(url: string, requestId: string): Promise<LocalSet | null | undefined> {
    const entry = this.#entry(url)
    if (entry.pending === null && this.#now() - entry.lastAttempt < JWKS_RETRY_MS) return undefined
    await this.#attempt(url, entry, requestId)
    return entry.set
  }

  #entry(url: string): Entry {
    let entry = this.#entries.get(url)
    if (entry === undefined) {
      entry = { set: null, freshUntil: 0, lastAttempt: -Infinity, lastFailure: -Infinity, pending: null }
      this.#entries.set(url, entry)
    }
    return entry
  }

  /** One fetch per URL at a time; callers arriving meanwhile wait for it. */
  #attempt(url: string, entry: Entry, requestId: string): Promise<void> {
    entry.pending ??= this.#fetch(url, entry, requestId).finally(() => {
      entry.pending = null
    })
    return entry.pending
  }

  async #fetch(url: string, entry: Entry, requestId: string): Promise<void> {
    const started = this.#now()
    entry.lastAttempt = started
    try {
      const fetched = await this.#fetcher(url)
      entry.set = createLocalJWKSet({ keys: fetched.keys } as unknown as JSONWebKeySet)
      entry.freshUntil = started + fetched.maxAgeSeconds * 1000
    } catch (error) {
      entry.lastFailure = started
      this.#logger.write('svc_debug', {
        requestID: requestId,
        topic: 'security',
        level: 'error',
        message: `JWKS fetch from ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
  }
}
