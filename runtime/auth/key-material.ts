/**
 * Key material of JWT schemes (security.md J5a, J6): HMAC secrets written in base64url (standard
 * base64 characters and `=` padding also accepted) and public keys in PEM (SPKI) or as the bare
 * base64 body. Certificates and private keys are refused. `readKey` checks that key and algorithm fit:
 * HS algorithms an HMAC key; RS and PS algorithms an RSA key of at least 1024 bits (below 2048 flagged for a compiler
 * warning); ES256/384/512 an EC key on P-256/384/521; EdDSA an Ed25519 key. Shared by the compiler
 * (literal and file keys), server start (file keys) and requests (env keys). Problems never quote the key.
 */
import { createPublicKey, type KeyObject } from 'node:crypto'

import { EC_CURVES, keyKindOf } from './algorithms.js'

export type KeyMaterial =
  | { readonly kind: 'hmac'; readonly secret: Uint8Array }
  | { readonly kind: 'rsa'; readonly key: KeyObject; readonly bits: number }
  | { readonly kind: 'ec'; readonly key: KeyObject; readonly curve: string }
  | { readonly kind: 'ed25519'; readonly key: KeyObject }

export type KeyReading =
  | {
      readonly ok: true
      readonly material: KeyMaterial
      readonly algorithms: readonly string[]
      readonly weak: boolean
    }
  | { readonly ok: false; readonly problem: string }

/** J6: base64url or base64 characters, optional `=` padding, not remainder 1, at least one byte. */
export function parseHmacKey(text: string): Uint8Array | null {
  const match = /^([A-Za-z0-9+/_-]*)(={0,2})$/.exec(text)
  if (match === null) return null
  const body = match[1]!
  if (body.length % 4 === 1 || body.length === 0) return null
  if (match[2] !== '' && (body.length + match[2]!.length) % 4 !== 0) return null
  const bytes = Buffer.from(body.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url')
  return bytes.length === 0 ? null : new Uint8Array(bytes)
}

const PEM = /^\s*-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]*)-----END PUBLIC KEY-----\s*$/
const BARE = /^[A-Za-z0-9+/=\s]+$/

/** J6: an SPKI public key in PEM or as the bare base64 body; null for anything else. */
export function parsePublicKey(text: string): KeyObject | null {
  const pem = PEM.exec(text)
  const body = pem !== null ? pem[1]! : BARE.test(text) ? text : null
  if (body === null) return null
  const compact = body.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 === 1) return null
  try {
    return createPublicKey({ key: Buffer.from(compact, 'base64'), format: 'der', type: 'spki' })
  } catch {
    return null
  }
}

/** The JOSE curve name of an EC key object, or null for another curve. */
export function joseCurveOf(key: KeyObject): string | null {
  const curve = key.asymmetricKeyDetails?.namedCurve
  return curve === 'prime256v1' ? 'P-256' : curve === 'secp384r1' ? 'P-384' : curve === 'secp521r1' ? 'P-521' : null
}

/** Smallest RSA modulus accepted anywhere (J5a). */
export const MIN_RSA_BITS = 1024
/** Below this a literal or file key gets a compiler warning (J5a). */
export const RECOMMENDED_RSA_BITS = 2048

/**
 * Reads `text` as the key for `algorithms` (one algorithm or one family, J5) and checks that they fit
 * (J5a). `algorithms` of the result are those the key can verify (with a family: the curve's member).
 */
export function readKey(text: string, algorithms: readonly string[]): KeyReading {
  const kind = keyKindOf(algorithms[0]!)
  const label = algorithms.length === 1 ? algorithms[0]! : `the ${algorithms[0]!.slice(0, 2)} family`
  if (kind === 'hmac') {
    const secret = parseHmacKey(text)
    if (secret === null) return { ok: false, problem: `is not a valid HMAC key for ${label} (base64url text)` }
    return { ok: true, material: { kind: 'hmac', secret }, algorithms, weak: false }
  }
  const key = parsePublicKey(text)
  if (key === null) return { ok: false, problem: `is not a public key in PEM (SPKI) form, as ${label} needs` }
  const type = key.asymmetricKeyType
  if (kind === 'rsa') {
    if (type !== 'rsa') return { ok: false, problem: `is ${describeType(key)}, but ${label} needs an RSA key` }
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
    if (bits < MIN_RSA_BITS)
      return { ok: false, problem: `is an RSA key of ${bits} bits; at least ${MIN_RSA_BITS} are needed` }
    return { ok: true, material: { kind: 'rsa', key, bits }, algorithms, weak: bits < RECOMMENDED_RSA_BITS }
  }
  if (kind === 'ec') {
    const curve = type === 'ec' ? joseCurveOf(key) : null
    if (curve === null)
      return {
        ok: false,
        problem: `is ${describeType(key)}, but ${label} needs an EC key on ${algorithms.map((a) => EC_CURVES[a]).join(', ')}`,
      }
    const fitting = algorithms.filter((alg) => EC_CURVES[alg] === curve)
    if (fitting.length === 0)
      return {
        ok: false,
        problem: `is an EC key on ${curve}, but ${label} needs ${algorithms.map((a) => EC_CURVES[a]).join(', ')}`,
      }
    return { ok: true, material: { kind: 'ec', key, curve }, algorithms: fitting, weak: false }
  }
  if (type !== 'ed25519') return { ok: false, problem: `is ${describeType(key)}, but EdDSA needs an Ed25519 key` }
  return { ok: true, material: { kind: 'ed25519', key }, algorithms, weak: false }
}

function describeType(key: KeyObject): string {
  const type = key.asymmetricKeyType
  if (type === 'ec') return `an EC key on ${joseCurveOf(key) ?? 'another curve'}`
  if (type === 'rsa') return 'an RSA key'
  if (type === 'rsa-pss') return 'an RSA-PSS key'
  return `an ${type ?? 'unknown'} key`
}
