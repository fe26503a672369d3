/**
 * The in-memory upstream response cache (upstream.md UP-CACHE-7): shared by all client requests of a
 * gateway, least recently used entries evicted beyond 1000 entries or 100 MiB (decoded body plus
 * header bytes), bodies larger than 10 MiB never stored. Keys are built by http-caching.ts; this
 * module only stores.
 */

export interface CacheEntry {
  readonly status: number
  /** Header names and values as received (after a 304 revalidation: updated). */
  readonly rawHeaders: readonly string[]
  /** The decoded body. */
  readonly body: Buffer
  /** Size of the body as received (log `bytes` of a hit, UP-LOG-1). */
  readonly receivedBytes: number
  /** Date.now() when stored. */
  readonly storedAt: number
  /** `Age` received with the response, in seconds (UP-CACHE-2). */
  readonly initialAge: number
  /** Freshness lifetime in ms; 0 for `no-cache` entries that always revalidate. */
  readonly lifetimeMs: number
  /** Request field values named by `Vary`, lower-cased names (UP-CACHE-2). */
  readonly vary: readonly (readonly [string, string])[]
  readonly etag: string | null
  readonly lastModified: string | null
}

/**
 * Where entries are kept: this process's memory (ResponseCache), or Redis shared by the fleet
 * (redis-response-cache.ts). The memory cache answers at once; the caller awaits what Redis does.
 */
export interface ResponseStore {
  get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined>
  set(key: string, entry: CacheEntry): void | Promise<void>
  delete(key: string): void | Promise<void>
}

export const MAX_ENTRIES = 1000
export const MAX_TOTAL_BYTES = 100 * 1024 * 1024
export const MAX_BODY_BYTES = 10 * 1024 * 1024

function sizeOf(entry: CacheEntry): number {
  let size = entry.body.length
  for (const part of entry.rawHeaders) size += part.length
  return size
}

export class ResponseCache implements ResponseStore {
  readonly #entries = new Map<string, CacheEntry>()
  #bytes = 0

  get size(): number {
    return this.#entries.size
  }

  /** The entry (now the most recently used), or undefined. */
  get(key: string): CacheEntry | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry
  }

  /** Stores an entry (replacing one under the same key); too large bodies are not stored. */
  set(key: string, entry: CacheEntry): void {
    this.delete(key)
    if (entry.body.length > MAX_BODY_BYTES) return
    this.#entries.set(key, entry)
    this.#bytes += sizeOf(entry)
    while (this.#entries.size > MAX_ENTRIES || this.#bytes > MAX_TOTAL_BYTES) {
      const oldest = this.#entries.keys().next().value!
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (entry === undefined) return
    this.#entries.delete(key)
    this.#bytes -= sizeOf(entry)
  }
}
