/**
 * Reading keys for the signature, encryption and JWT functions (xpath-functions.md KEY-1..KEY-4).
 * Private keys: PEM `PRIVATE KEY`, `ENCRYPTED PRIVATE KEY` (with the passphrase), `RSA PRIVATE KEY`,
 * `EC PRIVATE KEY`; bare Base64 tried as PKCS #8, encrypted PKCS #8 (with a passphrase), PKCS #1.
 * Public keys: PEM `CERTIFICATE`, `PUBLIC KEY`, `RSA PUBLIC KEY`; bare Base64 tried as an X.509
 * certificate, then SubjectPublicKeyInfo. A text may hold several blocks and other text; the first
 * block of a usable type counts (KEY-3). Imported keys are cached per gateway by their text.
 */
import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto'

import type { FunctionCall } from './call.js'
import { cachesOf } from './call.js'

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g

const PRIVATE_TYPES = ['PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']
const PUBLIC_TYPES = ['CERTIFICATE', 'PUBLIC KEY', 'RSA PUBLIC KEY']

/** A key that could not be read, with the reason (KEY-4). */
export class KeyError extends Error {}

interface PemBlock {
  readonly type: string
  readonly text: string
}

function firstBlock(text: string, types: readonly string[]): PemBlock | undefined {
  for (const match of text.matchAll(PEM_BLOCK)) {
    if (types.includes(match[1]!)) return { type: match[1]!, text: match[0] }
  }
  return undefined
}

function bareBytes(text: string): Buffer {
  const compact = text.replace(/\s+/g, '')
  if (compact === '' || !/^[A-Za-z0-9+/]+=*$/.test(compact)) throw new KeyError('the key is neither PEM nor Base64')
  return Buffer.from(compact, 'base64')
}

function firstThatWorks<T>(attempts: readonly (() => T)[], reason: string): T {
  for (const attempt of attempts) {
    try {
      return attempt()
    } catch {
      // try the next form
    }
  }
  throw new KeyError(reason)
}

function readPrivateKey(text: string, passphrase: string): KeyObject {
  const block = firstBlock(text, PRIVATE_TYPES)
  if (block !== undefined) {
    try {
      return createPrivateKey({ key: block.text, format: 'pem', passphrase })
    } catch (error) {
      const encrypted = block.type === 'ENCRYPTED PRIVATE KEY' || /ENCRYPTED/.test(block.text)
      throw new KeyError(
        encrypted
          ? 'the private key cannot be decrypted with the passphrase'
          : `unreadable private key (${message(error)})`,
      )
    }
  }
  if (/-----BEGIN /.test(text)) throw new KeyError('no private key block')
  const der = bareBytes(text)
  return firstThatWorks(
    [
      () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      ...(passphrase === '' ? [] : [() => createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase })]),
      () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
    ],
    'unreadable private key',
  )
}

function readPublicKey(text: string): KeyObject {
  const block = firstBlock(text, PUBLIC_TYPES)
  if (block !== undefined) {
    try {
      if (block.type === 'CERTIFICATE') return new X509Certificate(block.text).publicKey
      return createPublicKey({ key: block.text, format: 'pem' })
    } catch (error) {
      throw new KeyError(
        `unreadable ${block.type === 'CERTIFICATE' ? 'certificate' : 'public key'} (${message(error)})`,
      )
    }
  }
  if (/-----BEGIN /.test(text)) throw new KeyError('no public key or certificate block')
  const der = bareBytes(text)
  return firstThatWorks(
    [() => new X509Certificate(der).publicKey, () => createPublicKey({ key: der, format: 'der', type: 'spki' })],
    'unreadable public key',
  )
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** KEY-1: the private key of `text`; throws KeyError. */
export function privateKeyOf(call: FunctionCall, text: string, passphrase = ''): KeyObject {
  const cached = cachesOf(call).keys.get(`private\0${passphrase}\0${text}`, () => {
    try {
      return readPrivateKey(text, passphrase)
    } catch (error) {
      return error instanceof KeyError ? error : new KeyError(message(error))
    }
  })
  if (cached instanceof KeyError) throw cached
  return cached as KeyObject
}

/** KEY-2: the public key of `text`; throws KeyError. */
export function publicKeyOf(call: FunctionCall, text: string): KeyObject {
  const cached = cachesOf(call).keys.get(`public\0${text}`, () => {
    try {
      return readPublicKey(text)
    } catch (error) {
      return error instanceof KeyError ? error : new KeyError(message(error))
    }
  })
  if (cached instanceof KeyError) throw cached
  return cached as KeyObject
}

/** KEY-4: an RSA key (encryption, RS and PS tokens), else KeyError. */
export function requireKeyType(key: KeyObject, types: readonly string[], what: string): KeyObject {
  if (!types.includes(key.asymmetricKeyType ?? ''))
    throw new KeyError(`${what} needs ${types.join(' or ')} keys, not ${key.asymmetricKeyType ?? 'unknown'}`)
  return key
}
