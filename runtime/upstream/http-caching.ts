/**
 * Caching decisions (upstream.md UP-CACHE-1..7): which mode applies, the keys, whether an entry may
 * be served, conditional revalidation, and whether a response may be stored.
 *
 * - `use-http-cache` (RFC 9111 subset, shared cache): GET and HEAD; storable with explicit freshness
 *   (`s-maxage`, `max-age`, `Expires` minus `Date`) or `no-cache` plus a validator; never `no-store`,
 *   `private`, `Vary: *`, `Set-Cookie`, 206, or (with `Authorization`) without `public`, `s-maxage`
 *   or `must-revalidate`. No heuristic freshness; stale entries only after revalidation.
 * - `force-cache-ttl`: every response for N seconds, keyed by method, URL, all outgoing header
 *   fields but the request id, and a hash of the body.
 * The two modes keep separate entries; the key also holds the connection target.
 */
import { createHash } from 'node:crypto'

import { parseHttpDate } from '../flow/actions/http-date.js'
import type { UpstreamOptions } from './options.js'
import type { CacheEntry } from './response-cache.js'

export interface CachePlan {
  readonly mode: 'http' | 'force'
  readonly key: string
  /** Look the key up first (false for refresh, UP-CACHE-4/5, and for conditional requests). */
  readonly lookup: boolean
  /** Store the response (false when the request carries its own conditional fields). */
  readonly store: boolean
  /** Forced lifetime in ms (force mode). */
  readonly ttlMs: number
}

export interface CacheRequest {
  readonly method: string
  readonly url: string
  readonly targetKey: string
  /** Outgoing header fields after defaults. */
  readonly headers: readonly (readonly [string, string])[]
  /** The lower-case name of the request id field (operations.md LG2): new on every request, never part of a key. */
  readonly requestIdField: string
  readonly body: Buffer | null
  /** The client request's header fields (lower-case names), for `respect-client-cache-headers`. */
  readonly clientHeaders: ReadonlyMap<string, string> | null
}

/** The plan for one exchange, or null when caching is off (UP-CACHE-1). */
export function cachePlan(options: UpstreamOptions, request: CacheRequest): CachePlan | null {
  const ttl = options.forceCacheTtl ?? 0
  const refresh =
    options.forceCacheRefresh === true ||
    (options.respectClientCacheHeaders === true && clientWantsFresh(request.clientHeaders))
  if (ttl > 0) {
    return { mode: 'force', key: forceKey(request), lookup: !refresh, store: true, ttlMs: ttl * 1000 }
  }
  if (options.useHttpCache !== true) return null
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const conditional = request.headers.some(([name]) => {
    const lower = name.toLowerCase()
    return lower === 'if-none-match' || lower === 'if-modified-since'
  })
  if (conditional)
    return {
      mode: 'http',
      key: httpKey(request.targetKey, request.method, request.url),
      lookup: false,
      store: false,
      ttlMs: 0,
    }
  return {
    mode: 'http',
    key: httpKey(request.targetKey, request.method, request.url),
    lookup: !refresh,
    store: true,
    ttlMs: 0,
  }
}

export function httpKey(targetKey: string, method: string, url: string): string {
  return `http\0${targetKey}\0${method}\0${url}`
}

function forceKey(request: CacheRequest): string {
  const fields = request.headers
    .map(([name, value]) => `${name.toLowerCase()}:${value}`)
    .filter((field) => !field.startsWith(`${request.requestIdField}:`))
    .sort()
  const body =
    request.body === null || request.body.length === 0 ? '' : createHash('sha256').update(request.body).digest('base64')
  return `force\0${request.targetKey}\0${request.method}\0${request.url}\0${fields.join('\n')}\0${body}`
}

/** UP-CACHE-5 (decided): `Cache-Control: no-cache`, `max-age=0` or `Pragma: no-cache`. */
function clientWantsFresh(headers: ReadonlyMap<string, string> | null): boolean {
  if (headers === null) return false
  const control = directives(headers.get('cache-control'))
  return (
    control.has('no-cache') ||
    control.get('max-age') === '0' ||
    /(^|,)\s*no-cache\s*(,|$)/i.test(headers.get('pragma') ?? '')
  )
}

/** Cache-Control directives, names lower-cased, values unquoted ('' when none). */
export function directives(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>()
  if (value === undefined) return out
  for (const part of value.split(',')) {
    const eq = part.indexOf('=')
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase()
    if (name === '') continue
    const raw = eq < 0 ? '' : part.slice(eq + 1).trim()
    out.set(name, raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw)
  }
  return out
}

/** The first value of a header field in a raw list (case-insensitive), or undefined. */
export function rawField(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    // lengths first: most names differ in length, and lower-casing makes a string
    const field = rawHeaders[i]!
    if (field.length === name.length && field.toLowerCase() === name) return rawHeaders[i + 1]
  }
  return undefined
}

/** All values of a field, joined with `, `. */
function joinedField(rawHeaders: readonly string[], name: string): string | undefined {
  let out: string | undefined
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name)
      out = out === undefined ? rawHeaders[i + 1] : `${out}, ${rawHeaders[i + 1]}`
  }
  return out
}

export type Lookup = 'fresh' | 'revalidate' | 'miss'

/** Whether an entry may be served as is, must be revalidated, or is of no use (UP-CACHE-2/3). */
export function judgeEntry(plan: CachePlan, entry: CacheEntry, request: CacheRequest, now: number): Lookup {
  if (plan.mode === 'http' && !varyMatches(entry, request)) return 'miss'
  if (ageOf(entry, now) * 1000 < entry.lifetimeMs) return 'fresh'
  if (plan.mode === 'http' && (entry.etag !== null || entry.lastModified !== null)) return 'revalidate'
  return 'miss'
}

function varyMatches(entry: CacheEntry, request: CacheRequest): boolean {
  for (const [name, value] of entry.vary) if (normalise(requestField(request, name)) !== value) return false
  return true
}

function requestField(request: CacheRequest, lowerName: string): string {
  const values = request.headers.filter(([name]) => name.toLowerCase() === lowerName).map(([, value]) => value)
  return values.join(', ')
}

function normalise(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** Age in seconds: the received `Age` plus the time since storing. */
export function ageOf(entry: CacheEntry, now: number): number {
  return entry.initialAge + Math.max(0, now - entry.storedAt) / 1000
}

/** Stored header fields with `Age` (whole seconds) for a response served from the cache. */
export function headersWithAge(entry: CacheEntry, now: number): string[] {
  const out: string[] = []
  for (let i = 0; i + 1 < entry.rawHeaders.length; i += 2) {
    if (entry.rawHeaders[i]!.toLowerCase() !== 'age') out.push(entry.rawHeaders[i]!, entry.rawHeaders[i + 1]!)
  }
  out.push('Age', String(Math.floor(ageOf(entry, now))))
  return out
}

/** Conditional fields for revalidating an entry. */
export function conditionalFields(entry: CacheEntry): [string, string][] {
  const fields: [string, string][] = []
  if (entry.etag !== null) fields.push(['If-None-Match', entry.etag])
  if (entry.lastModified !== null) fields.push(['If-Modified-Since', entry.lastModified])
  return fields
}

export interface ReceivedResponse {
  readonly status: number
  readonly rawHeaders: readonly string[]
  readonly body: Buffer
  readonly receivedBytes: number
}

/** The entry to store for a response, or null when it is not storable in the plan's mode. */
export function entryFor(
  plan: CachePlan,
  response: ReceivedResponse,
  request: CacheRequest,
  now: number,
): CacheEntry | null {
  const headers = response.rawHeaders
  const base = {
    status: response.status,
    rawHeaders: headers,
    body: response.body,
    receivedBytes: response.receivedBytes,
    storedAt: now,
    etag: rawField(headers, 'etag') ?? null,
    lastModified: rawField(headers, 'last-modified') ?? null,
  }
  if (plan.mode === 'force') return { ...base, initialAge: 0, lifetimeMs: plan.ttlMs, vary: [] }
  if (response.status === 206) return null
  const control = directives(joinedField(headers, 'cache-control'))
  if (control.has('no-store') || control.has('private')) return null
  if (rawField(headers, 'set-cookie') !== undefined) return null
  const varyText = joinedField(headers, 'vary')
  const varyNames =
    varyText === undefined
      ? []
      : varyText
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== '')
  if (varyNames.includes('*')) return null
  const authorized = request.headers.some(([name]) => name.toLowerCase() === 'authorization')
  if (authorized && !control.has('public') && !control.has('s-maxage') && !control.has('must-revalidate')) return null
  const validator = base.etag !== null || base.lastModified !== null
  let lifetimeMs: number
  if (control.has('no-cache')) {
    if (!validator) return null
    lifetimeMs = 0
  } else {
    const explicit = explicitLifetime(control, headers)
    if (explicit === undefined) return null
    lifetimeMs = explicit * 1000
  }
  const age = Number(rawField(headers, 'age'))
  return {
    ...base,
    initialAge: Number.isFinite(age) && age > 0 ? age : 0,
    lifetimeMs,
    vary: varyNames.map((name) => [name, normalise(requestField(request, name))] as const),
  }
}

/** Seconds of freshness: `s-maxage`, else `max-age`, else `Expires` minus `Date`. */
function explicitLifetime(control: Map<string, string>, headers: readonly string[]): number | undefined {
  for (const name of ['s-maxage', 'max-age']) {
    const value = control.get(name)
    if (value !== undefined && /^\d+$/.test(value)) return Number(value)
  }
  const expires = rawField(headers, 'expires')
  if (expires === undefined) return undefined
  // RFC 9111 section 5.3: an Expires that is not a valid HTTP date (such as "0") means already expired
  const expiresAt = parseHttpDate(expires)
  const date = parseHttpDate(rawField(headers, 'date') ?? '')
  if (expiresAt === undefined) return 0
  return Math.max(0, (expiresAt - (date ?? Date.now())) / 1000)
}

/**
 * The entry after a 304: header fields present in the 304 replace the stored ones, freshness is
 * computed anew (UP-CACHE-2). Null when the updated entry is no longer storable.
 */
export function revalidatedEntry(
  plan: CachePlan,
  entry: CacheEntry,
  notModified: readonly string[],
  request: CacheRequest,
  now: number,
): CacheEntry | null {
  const replaced = new Set<string>()
  for (let i = 0; i + 1 < notModified.length; i += 2) replaced.add(notModified[i]!.toLowerCase())
  const merged: string[] = []
  for (let i = 0; i + 1 < entry.rawHeaders.length; i += 2) {
    if (!replaced.has(entry.rawHeaders[i]!.toLowerCase())) merged.push(entry.rawHeaders[i]!, entry.rawHeaders[i + 1]!)
  }
  merged.push(...notModified)
  return entryFor(
    plan,
    { status: entry.status, rawHeaders: merged, body: entry.body, receivedBytes: entry.receivedBytes },
    request,
    now,
  )
}

/** Keys of stored GET and HEAD entries for a URL (invalidated by an unsafe method, UP-CACHE-2). */
export function invalidatedKeys(targetKey: string, url: string): string[] {
  return [httpKey(targetKey, 'GET', url), httpKey(targetKey, 'HEAD', url)]
}
