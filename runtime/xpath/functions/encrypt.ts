/**
 * `encrypt(data, public_key)` (xpath-functions.md FN-encrypt-1, FN-encrypt-2, KEY-2..KEY-4, BIN-1):
 * RSAES-OAEP with SHA-1 and MGF1-SHA-1, no label, of the bytes of `data`; standard Base64 (different
 * on every call). Failure (unreadable key, non-RSA key, data too long for the key): RW and "".
 */
import { constants, publicEncrypt } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import { type FunctionCall, warn } from './call.js'
import { KeyError, publicKeyOf, requireKeyType } from './keys.js'

export function xpEncrypt(call: FunctionCall, data: Value, publicKey: Value): string {
  try {
    const key = requireKeyType(publicKeyOf(call, toXPathString(publicKey)), ['rsa'], 'encrypt()')
    const bytes = bytesOf(call, toXPathString(data))
    // OAEP with SHA-1 carries at most the modulus length minus 42 bytes
    const limit = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8 - 42
    if (bytes.length > limit)
      throw new KeyError(`the data (${bytes.length} bytes) is too long for the key (at most ${Math.max(0, limit)})`)
    return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, bytes).toString('base64')
  } catch (error) {
    if (!(error instanceof KeyError)) throw error
    warn(call, 'encrypt', error.message)
    return ''
  }
}
