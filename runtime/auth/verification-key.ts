/**
 * A static verification key (security.md J6, J7 step 3) with its WebCrypto form imported once per
 * algorithm, on first use. Instances live on the gateway's security runtime, never at module scope.
 */
import { webcrypto } from 'node:crypto'

import { EC_CURVES, hashOf } from './algorithms.js'
import type { KeyMaterial } from './key-material.js'
import { VerifiedTokens } from './verified-tokens.js'

type CryptoKey = webcrypto.CryptoKey

/** The WebCrypto import parameters of an algorithm (RFC 7518 section 3). */
export function importParams(
  alg: string,
): webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | webcrypto.HmacImportParams | webcrypto.Algorithm {
  switch (alg.slice(0, 2)) {
    case 'HS':
      return { name: 'HMAC', hash: hashOf(alg) }
    case 'RS':
      return { name: 'RSASSA-PKCS1-v1_5', hash: hashOf(alg) }
    case 'PS':
      return { name: 'RSA-PSS', hash: hashOf(alg) }
    case 'ES':
      return { name: 'ECDSA', namedCurve: EC_CURVES[alg]! }
    default:
      return { name: 'Ed25519' }
  }
}

export class VerificationKey {
  /** Tokens already verified with this key. */
  readonly verified = new VerifiedTokens()
  readonly #imported = new Map<string, Promise<CryptoKey | null>>()

  constructor(
    readonly material: KeyMaterial,
    /** Algorithms this key can verify (J5a). */
    readonly algorithms: readonly string[],
  ) {}

  /**
   * The key for `alg`; null when this key cannot verify it (J5a: another member of the family), a
   * promise of null when WebCrypto refuses to import it.
   */
  cryptoKey(alg: string): Promise<CryptoKey | null> | null {
    if (!this.algorithms.includes(alg)) return null
    let key = this.#imported.get(alg)
    if (key === undefined) {
      const material = this.material
      key =
        material.kind === 'hmac'
          ? webcrypto.subtle.importKey('raw', material.secret, importParams(alg), false, ['verify'])
          : webcrypto.subtle.importKey(
              'spki',
              material.key.export({ type: 'spki', format: 'der' }),
              importParams(alg),
              false,
              ['verify'],
            )
      key = key.catch(() => null)
      this.#imported.set(alg, key)
    }
    return key
  }
}
