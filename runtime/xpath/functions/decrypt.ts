/**
 * `decrypt(ciphertext, private_key, passphrase = '')` (xpath-functions.md FN-decrypt-1, FN-decrypt-2,
 * KEY-1, KEY-3, KEY-4, BIN-2): decodes the Base64 ciphertext (whitespace ignored), decrypts it with
 * the RSA private key (OAEP as `encrypt()`), and returns the plaintext bytes as a string by BIN-2.
 * Failure: RW and "".
 */
import { constants, privateDecrypt } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { stringOfBytes } from './binary.js'
import { type FunctionCall, warn } from './call.js'
import { KeyError, privateKeyOf, requireKeyType } from './keys.js'

export function xpDecrypt(call: FunctionCall, ciphertext: Value, privateKey: Value, passphrase?: Value): string {
  try {
    const key = requireKeyType(
      privateKeyOf(call, toXPathString(privateKey), passphrase === undefined ? '' : toXPathString(passphrase)),
      ['rsa'],
      'decrypt()',
    )
    const compact = toXPathString(ciphertext).replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new KeyError('the ciphertext is not Base64')
    let plain: Buffer
    try {
      plain = privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        Buffer.from(compact, 'base64'),
      )
    } catch {
      throw new KeyError('the ciphertext cannot be decrypted with the key')
    }
    return stringOfBytes(call, plain)
  } catch (error) {
    if (!(error instanceof KeyError)) throw error
    warn(call, 'decrypt', error.message)
    return ''
  }
}
