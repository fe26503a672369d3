/**
 * The upstream response cache on Redis (upstream.md UP-CACHE-8), shared by every instance and worker
 * that uses the same Redis and prefix: with Redis configured it replaces the in-memory cache, so
 * that an entry stored, revalidated or invalidated through one gateway is what every other one sees.
 *
 * An entry is one Redis string under `<prefix>cache:<SHA-256 of the cache key>`: a 4-byte length,
 * the entry's fields as JSON (the full cache key among them, compared on reading), then the body.
 * Every key expires: a forced entry after its lifetime, an HTTP entry when it is no longer fresh,
 * plus an hour for revalidation when it has a validator. Entries above 1 MiB are not stored (a large
 * value would hold Redis, and every gateway's rate limits, for longer than SVC_REDIS_TIMEOUT).
 *
 * While Redis is unavailable the cache is bypassed: lookups miss, and stores and invalidations are
 * dropped (the keys expire on their own).
 */
import { createHash } from 'node:crypto'

import { type RedisConnection, UNAVAILABLE } from '../store/redis-connection.js'
import type { CacheEntry, ResponseStore } from './response-cache.js'

/** The largest entry (body and fields) stored in Redis. */
export const MAX_REDIS_ENTRY_BYTES = 1024 * 1024
/** How long a stale entry with a validator is kept for revalidation (UP-CACHE-2). */
export const REVALIDATION_GRACE_MS = 60 * 60 * 1000

interface EntryFields extends Omit<CacheEntry, 'body'> {
  readonly key: string
}

export class RedisResponseCache implements ResponseStore {
  constructor(
    readonly connection: RedisConnection,
    /** SVC_REDIS_PREFIX. */
    readonly prefix: string,
  ) {}

  async get(key: string): Promise<CacheEntry | undefined> {
    const reply = this.connection.call((callers) => callers.bytes.get(this.#redisKey(key)), Date.now())
    const value = reply === UNAVAILABLE ? reply : await reply
    if (value === UNAVAILABLE || value === null) return undefined
    return decodeEntry(value, key)
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const ttlMs = redisLifetime(entry, Date.now())
    if (ttlMs <= 0) return this.delete(key)
    const value = encodeEntry(key, entry)
    if (value.length > MAX_REDIS_ENTRY_BYTES) return this.delete(key)
    const reply = this.connection.call(
      (callers) =>
        callers.text.set(this.#redisKey(key), value, { expiration: { type: 'PX', value: Math.ceil(ttlMs) } }),
      Date.now(),
    )
    if (reply !== UNAVAILABLE) await reply
  }

  async delete(key: string): Promise<void> {
    const reply = this.connection.call((callers) => callers.text.del(this.#redisKey(key)), Date.now())
    if (reply !== UNAVAILABLE) await reply
  }

  #redisKey(key: string): string {
    return `${this.prefix}cache:${createHash('sha256').update(key).digest('base64url')}`
  }
}

/** Milliseconds the entry is worth keeping: while fresh, and for revalidation when it has a validator. */
export function redisLifetime(entry: CacheEntry, now: number): number {
  const fresh = entry.lifetimeMs - entry.initialAge * 1000 - Math.max(0, now - entry.storedAt)
  const validator = entry.etag !== null || entry.lastModified !== null
  return validator ? Math.max(0, fresh) + REVALIDATION_GRACE_MS : fresh
}

export function encodeEntry(key: string, entry: CacheEntry): Buffer {
  const { body, ...rest } = entry
  const fields: EntryFields = { ...rest, key }
  const json = Buffer.from(JSON.stringify(fields))
  const head = Buffer.allocUnsafe(4)
  head.writeUInt32BE(json.length)
  return Buffer.concat([head, json, body])
}

/** The entry stored as `value`, or undefined when it is not one (another writer, a hash collision). */
export function decodeEntry(value: Buffer, key: string): CacheEntry | undefined {
  if (value.length < 4) return undefined
  const length = value.readUInt32BE(0)
  if (4 + length > value.length) return undefined
  let fields: EntryFields
  try {
    fields = JSON.parse(value.toString('utf8', 4, 4 + length)) as EntryFields
  } catch {
    return undefined
  }
  if (fields.key !== key) return undefined
  const { key: _stored, ...entry } = fields
  return { ...entry, body: value.subarray(4 + length) }
}
