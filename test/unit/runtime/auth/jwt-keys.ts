/**
 * Test keys and token builders for the JWT tests: every key is generated per test run with node:crypto
 * (nothing is checked in); tokens are signed through jose, and hostile ones are put together by hand.
 */
import { constants, generateKeyPairSync, type KeyObject, randomBytes, sign as nodeSign } from 'node:crypto'

import { CompactSign } from 'jose'

export interface KeyPair {
  readonly publicKey: KeyObject
  readonly privateKey: KeyObject
  readonly pem: string
}

function pair(kind: 'rsa' | 'ec' | 'ed25519', options: Record<string, unknown> = {}): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync(kind as 'rsa', options as { modulusLength: number })
  return { publicKey, privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }) as string }
}

export function makeKeys() {
  const secret = randomBytes(32)
  return {
    /** HMAC secret and its base64url text (J6). */
    secret,
    secretText: secret.toString('base64url'),
    rsa: pair('rsa', { modulusLength: 2048 }),
    rsa1024: pair('rsa', { modulusLength: 1024 }),
    p256: pair('ec', { namedCurve: 'P-256' }),
    p384: pair('ec', { namedCurve: 'P-384' }),
    ed25519: pair('ed25519'),
    /** A key nobody configured (tampering, key injection). */
    attacker: pair('rsa', { modulusLength: 2048 }),
  }
}

export type Keys = ReturnType<typeof makeKeys>

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

const b64 = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/** A signed compact JWS; `key` is a private KeyObject or an HMAC secret. */
export async function sign(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject | Uint8Array,
): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header as { alg: string })
    .sign(key)
}

/** An unsigned token as an attacker writes it: `alg: none` and an empty signature. */
export function unsigned(payload: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`
}

/** The payload part replaced, header and signature kept. */
export function tamper(token: string, payload: Record<string, unknown>): string {
  const [header, , signature] = token.split('.')
  return `${header}.${b64(payload)}.${signature}`
}

/** HS256 over the token with `secret` (the public-key-as-secret attack). */
export async function hmacWith(secret: Uint8Array, payload: Record<string, unknown>): Promise<string> {
  return sign({ alg: 'HS256' }, payload, secret)
}

/** RS and PS tokens signed with node:crypto (jose refuses to sign with keys below 2048 bits). */
export function signRsaWithNode(alg: string, payload: Record<string, unknown>, privateKey: KeyObject): string {
  const input = `${b64({ alg })}.${b64(payload)}`
  const hash = `sha${alg.slice(2)}`
  const options = alg.startsWith('PS')
    ? { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
    : privateKey
  return `${input}.${nodeSign(hash, Buffer.from(input), options).toString('base64url')}`
}
