/**
 * Fetching a JSON Web Key Set (security.md J16 "Fetch" and "Usable keys"): `GET` with
 * `Accept: application/json, application/jwk-set+json`, a 5 s overall timeout, redirects not followed,
 * at most 1 MiB of body, success only for status 200 with a JSON object whose `keys` is an array. The
 * fetch is the gateway's own (undici `request`): no `$upstream`, cache, mocking or validation. Of the
 * entries, RSA keys of at least 1024 bits, EC keys on P-256/384/521 and Ed25519 keys are kept; `oct`
 * keys, private or unimportable entries, `use` other than `sig` and `key_ops` without `verify` are not.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto'

import { request } from 'undici'

import { MIN_RSA_BITS } from './key-material.js'

export const JWKS_TIMEOUT_MS = 5000
export const JWKS_MAX_BYTES = 1024 * 1024
const ACCEPT = 'application/json, application/jwk-set+json'

/** J16 "Caching": `max-age` in seconds, 600 when absent or invalid, clamped to 1 … 86 400. */
export function jwksMaxAge(cacheControl: string | undefined): number {
  let maxAge: number | null = null
  for (const directive of (cacheControl ?? '').split(',')) {
    const [name = '', value] = directive.trim().toLowerCase().split('=', 2)
    if (name === 'no-cache' || name === 'no-store') return 1
    if (name === 'max-age' && value !== undefined && /^\d+$/.test(value)) maxAge = Number(value)
  }
  return maxAge === null ? 600 : Math.min(86_400, Math.max(1, maxAge))
}

/** A failed fetch; `message` is the cause written to the debug line (J16 "Failures"). */
export class JwksFetchError extends Error {
  override name = 'JwksFetchError'
}

export interface FetchedKeySet {
  /** The usable entries, in set order. */
  readonly keys: readonly Record<string, unknown>[]
  readonly maxAgeSeconds: number
}

export type JwksFetcher = (url: string) => Promise<FetchedKeySet>

/** Fetches and filters a key set; rejects with JwksFetchError. */
export async function fetchJwks(url: string): Promise<FetchedKeySet> {
  let response: Awaited<ReturnType<typeof request>>
  try {
    response = await request(url, {
      method: 'GET',
      headers: { accept: ACCEPT },
      signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
    })
  } catch (error) {
    throw new JwksFetchError(causeOf(error))
  }
  const { statusCode, headers, body } = response
  // Destroying an unread body reports an abort; the outcome is already decided then.
  body.on('error', ignore)
  try {
    if (statusCode !== 200) throw new JwksFetchError(`status ${statusCode}`)
    if (Number(headers['content-length']) > JWKS_MAX_BYTES) throw new JwksFetchError('response larger than 1 MiB')
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length
        if (size > JWKS_MAX_BYTES) throw new JwksFetchError('response larger than 1 MiB')
        chunks.push(chunk as Buffer)
      }
    } catch (error) {
      throw error instanceof JwksFetchError ? error : new JwksFetchError(causeOf(error))
    }
    let set: unknown
    try {
      set = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      throw new JwksFetchError('response is not JSON')
    }
    const keys =
      typeof set === 'object' && set !== null && !Array.isArray(set) ? (set as { keys?: unknown }).keys : undefined
    if (!Array.isArray(keys)) throw new JwksFetchError('response has no "keys" array')
    const cacheControl = headers['cache-control']
    return {
      keys: keys.filter(isUsableKey),
      maxAgeSeconds: jwksMaxAge(Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl),
    }
  } finally {
    body.destroy()
  }
}

function ignore(): void {}

function causeOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `timed out after ${JWKS_TIMEOUT_MS / 1000} s`
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.message : String(error)
}

const EC_CURVES = ['P-256', 'P-384', 'P-521']

/** J16 "Usable keys". */
export function isUsableKey(entry: unknown): entry is Record<string, unknown> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false
  const jwk = entry as Record<string, unknown>
  const { kty, use, key_ops: keyOps, crv } = jwk
  if (use !== undefined && use !== 'sig') return false
  if (keyOps !== undefined && !(Array.isArray(keyOps) && keyOps.includes('verify'))) return false
  if (jwk['d'] !== undefined) return false
  if (kty === 'EC' && !EC_CURVES.includes(crv as string)) return false
  if (kty === 'OKP' && crv !== 'Ed25519') return false
  if (kty !== 'RSA' && kty !== 'EC' && kty !== 'OKP') return false
  try {
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' })
    return kty !== 'RSA' || (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS
  } catch {
    return false
  }
}
