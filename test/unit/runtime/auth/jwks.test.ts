/**
 * JWKS fetching and caching (security.md J16): the fetch rules against a local key-set server
 * (status, redirects, size, shape, Cache-Control), the usable-key filter, and the store's caching,
 * sharing, failure and refetch windows with a hand-driven clock.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type FetchedKeySet,
  fetchJwks,
  isUsableKey,
  JwksFetchError,
  jwksMaxAge,
} from '../../../../runtime/auth/jwks-fetch.js'
import { JwksStore } from '../../../../runtime/auth/jwks-store.js'
import { createLogger, type Logger } from '../../../../runtime/log/logger.js'

const jwk = (key: ReturnType<typeof generateKeyPairSync>['publicKey'], extra: Record<string, unknown> = {}) => ({
  ...key.export({ format: 'jwk' }),
  ...extra,
})
const RSA = jwk(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey, { kid: 'r' })
const RSA_1024 = jwk(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)
const RSA_512 = jwk(generateKeyPairSync('rsa', { modulusLength: 512 }).publicKey)
const P256 = jwk(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)
const K256 = jwk(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey)
const ED = jwk(generateKeyPairSync('ed25519').publicKey)
const X25519 = jwk(generateKeyPairSync('x25519').publicKey)
const PRIVATE = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })

describe('usable keys and max-age (J16)', () => {
  const CASES: [string, unknown, boolean][] = [
    ['RSA 2048', RSA, true],
    ['RSA 1024', RSA_1024, true],
    ['RSA 512 is too short (J5a)', RSA_512, false],
    ['EC P-256', P256, true],
    ['EC secp256k1', K256, false],
    ['OKP Ed25519', ED, true],
    ['OKP X25519', X25519, false],
    ['oct', { kty: 'oct', k: 'AQID' }, false],
    ['use sig', { ...P256, use: 'sig' }, true],
    ['use enc', { ...P256, use: 'enc' }, false],
    ['key_ops with verify', { ...P256, key_ops: ['verify'] }, true],
    ['key_ops without verify', { ...P256, key_ops: ['encrypt'] }, false],
    ['a private key', PRIVATE, false],
    ['an entry that cannot be imported', { kty: 'RSA', n: 'AQ', e: 'AQAB' }, false],
    ['not an object', 'key', false],
  ]
  it.each(CASES)('%s', (_, entry, want) => expect(isUsableKey(entry)).toBe(want))

  const AGES: [string | undefined, number][] = [
    [undefined, 600],
    ['public, max-age=120', 120],
    ['max-age=0', 1],
    ['max-age=999999', 86400],
    ['max-age=abc', 600],
    ['no-cache', 1],
    ['max-age=300, no-store', 1],
  ]
  it.each(AGES)('Cache-Control %s is fresh for %s s', (header, want) => expect(jwksMaxAge(header)).toBe(want))
})

describe('fetchJwks (J16 "Fetch")', () => {
  let server: Server
  let base = ''
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'max-age=60',
        'x-accept': String(req.headers['accept']),
      })
      res.end(JSON.stringify({ keys: [RSA, { kty: 'oct', k: 'AQID' }, P256] }))
    },
    '/status': (_, res) => res.writeHead(500).end(JSON.stringify({ keys: [] })),
    '/redirect': (_, res) => res.writeHead(302, { location: '/ok' }).end(),
    '/large': (_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ keys: [], padding: 'x'.repeat(1024 * 1024) }))
    },
    '/not-json': (_, res) => res.writeHead(200).end('<html>'),
    '/no-keys': (_, res) => res.writeHead(200).end(JSON.stringify({ keys: {} })),
  }
  beforeAll(async () => {
    server = createServer((req, res) => routes[req.url ?? '']!(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('keeps the usable keys in set order and reads max-age', async () => {
    const set = await fetchJwks(`${base}/ok`)
    expect(set).toEqual({ keys: [RSA, P256], maxAgeSeconds: 60 })
  })
  const FAILURES: [string, string][] = [
    ['/status', 'status 500'],
    ['/redirect', 'status 302'],
    ['/large', 'response larger than 1 MiB'],
    ['/not-json', 'response is not JSON'],
    ['/no-keys', 'response has no "keys" array'],
  ]
  it.each(FAILURES)('%s fails with "%s"', async (path, cause) => {
    await expect(fetchJwks(`${base}${path}`)).rejects.toThrow(new JwksFetchError(cause))
  })
  it('a refused connection names the cause', async () => {
    await expect(fetchJwks('http://127.0.0.1:1/jwks')).rejects.toThrow('ECONNREFUSED')
  })
})

describe('JwksStore (J16 "Caching", "Refetch on unknown key", "Failures")', () => {
  const logged: Record<string, unknown>[] = []
  const logger: Logger = createLogger((line) => void logged.push(JSON.parse(line) as Record<string, unknown>))

  function harness() {
    let now = 1_000_000
    let fetches = 0
    let next: () => Promise<FetchedKeySet> = async () => ({ keys: [RSA], maxAgeSeconds: 60 })
    const store = new JwksStore({
      logger,
      now: () => now,
      fetcher: () => {
        fetches++
        return next()
      },
    })
    return {
      store,
      advance: (ms: number) => void (now += ms),
      get fetches() {
        return fetches
      },
      respond: (fn: () => Promise<FetchedKeySet>) => void (next = fn),
    }
  }

  it('the first use fetches; a fresh set is reused; a stale one is refetched', async () => {
    const h = harness()
    const first = await h.store.current('u', 'r1')
    expect(first).not.toBeNull()
    expect(await h.store.current('u', 'r2')).toBe(first)
    expect(h.fetches).toBe(1)
    h.advance(60_000)
    const second = await h.store.current('u', 'r3')
    expect(h.fetches).toBe(2)
    expect(second).not.toBe(first)
  })
  it('concurrent requests share one fetch', async () => {
    const h = harness()
    const sets = await Promise.all([h.store.current('u', 'a'), h.store.current('u', 'b'), h.store.current('u', 'c')])
    expect(h.fetches).toBe(1)
    expect(new Set(sets).size).toBe(1)
  })
  it('after a failure no attempt for 30 s; the stale set keeps serving; without one: unavailable', async () => {
    const h = harness()
    const good = await h.store.current('u', 'r')
    h.respond(() => Promise.reject(new JwksFetchError('status 503')))
    h.advance(61_000)
    expect(await h.store.current('u', 'r')).toBe(good)
    expect(h.fetches).toBe(2)
    expect(logged.at(-1)).toMatchObject({
      requestID: 'r',
      topic: 'security',
      level: 'error',
      message: 'JWKS fetch from u failed: status 503',
    })
    h.advance(29_000)
    expect(await h.store.current('u', 'r')).toBe(good)
    expect(h.fetches).toBe(2)
    h.advance(1_000)
    await h.store.current('u', 'r')
    expect(h.fetches).toBe(3)
    expect(await h.store.current('other', 'r')).toBeNull()
  })
  it('an unknown key refetches only when the last attempt is at least 30 s old', async () => {
    const h = harness()
    await h.store.current('u', 'r')
    expect(await h.store.refetch('u', 'r')).toBeUndefined()
    expect(h.fetches).toBe(1)
    h.advance(30_000)
    expect(await h.store.refetch('u', 'r')).not.toBeNull()
    expect(h.fetches).toBe(2)
    expect(await h.store.refetch('u', 'r')).toBeUndefined()
  })
})
