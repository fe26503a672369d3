/**
 * Step 3 of security.md J7: the signature of a compact JWS, checked through jose with the algorithm
 * allow-list always set to the one algorithm already accepted at step 2. jose refuses RSA keys below
 * 2048 bits, which J5a requires to keep working from 1024 bits on; for those the same WebCrypto
 * verification is called directly (the only difference is jose's key-size guard).
 */
import { webcrypto } from 'node:crypto'

import { compactVerify } from 'jose'

import { hashOf } from './algorithms.js'

type CryptoKey = webcrypto.CryptoKey

/** jose's smallest accepted RSA modulus. */
const JOSE_MIN_RSA_BITS = 2048

export async function verifySignature(token: string, alg: string, key: CryptoKey): Promise<boolean> {
  const modulus = (key.algorithm as Partial<webcrypto.RsaHashedKeyAlgorithm>).modulusLength
  if (modulus !== undefined && modulus < JOSE_MIN_RSA_BITS) return verifyShortRsa(token, alg, key)
  try {
    await compactVerify(token, key, { algorithms: [alg] })
    return true
  } catch {
    return false
  }
}

async function verifyShortRsa(token: string, alg: string, key: CryptoKey): Promise<boolean> {
  const dot = token.lastIndexOf('.')
  const input = Buffer.from(token.slice(0, dot), 'ascii')
  const signature = Buffer.from(token.slice(dot + 1), 'base64url')
  // RFC 7518 3.5: the PSS salt is as long as the hash.
  const params = alg.startsWith('PS')
    ? { name: 'RSA-PSS', saltLength: Number(hashOf(alg).slice(4)) / 8 }
    : { name: 'RSASSA-PKCS1-v1_5' }
  try {
    return await webcrypto.subtle.verify(params, key, signature, input)
  } catch {
    return false
  }
}
