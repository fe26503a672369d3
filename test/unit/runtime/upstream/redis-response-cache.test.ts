/**
 * How cache entries are written to Redis and how long they are kept there (upstream.md UP-CACHE-8).
 * The cache itself, against a real redis-server, is tested in test/e2e/upstream-cache-redis.test.ts.
 */
import { describe, expect, it } from 'vitest'

import {
  decodeEntry,
  encodeEntry,
  redisLifetime,
  REVALIDATION_GRACE_MS,
} from '../../../../runtime/upstream/redis-response-cache.js'
import type { CacheEntry } from '../../../../runtime/upstream/response-cache.js'

const ENTRY: CacheEntry = {
  status: 200,
  rawHeaders: ['Content-Type', 'application/json', 'ETag', '"v1"'],
  body: Buffer.from('{"ü":[1,2,3]}'),
  receivedBytes: 14,
  storedAt: 1_000_000,
  initialAge: 5,
  lifetimeMs: 60_000,
  vary: [['accept', 'application/json']],
  etag: '"v1"',
  lastModified: null,
}

describe('UP-CACHE-8: entries on Redis', () => {
  it('an entry read back is the entry written, body bytes and all', () => {
    const value = encodeEntry('http\0target\0GET\0/users', ENTRY)
    expect(decodeEntry(value, 'http\0target\0GET\0/users')).toEqual(ENTRY)
  })

  it('a value written for another key, or not written by a gateway, is a miss', () => {
    const value = encodeEntry('http\0a\0GET\0/x', ENTRY)
    expect(decodeEntry(value, 'http\0a\0GET\0/y')).toBeUndefined()
    expect(decodeEntry(Buffer.from('abc'), 'k')).toBeUndefined()
    expect(decodeEntry(value.subarray(0, 10), 'http\0a\0GET\0/x')).toBeUndefined()
    const garbage = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from('{x}')])
    expect(decodeEntry(garbage, 'k')).toBeUndefined()
  })

  it('kept while fresh (its received Age counted), plus the revalidation grace when it has a validator', () => {
    const now = ENTRY.storedAt + 10_000
    expect(redisLifetime(ENTRY, now)).toBe(60_000 - 5_000 - 10_000 + REVALIDATION_GRACE_MS)
    const noValidator = { ...ENTRY, etag: null }
    expect(redisLifetime(noValidator, now)).toBe(45_000)
    // stale without a validator: nothing to keep
    expect(redisLifetime(noValidator, ENTRY.storedAt + 120_000)).toBeLessThanOrEqual(0)
    // no-cache with a validator (lifetime 0): kept only for revalidation
    expect(redisLifetime({ ...ENTRY, lifetimeMs: 0, initialAge: 0 }, ENTRY.storedAt)).toBe(REVALIDATION_GRACE_MS)
  })
})
