/**
 * `calc-signature(data, private_key, passphrase = '', algorithm = 'SHA256')` (xpath-functions.md
 * FN-calc-signature-1..3, KEY-1, KEY-3, KEY-4, BIN-1): signs the bytes of `data` with the private key
 * (RSA keys RSASSA-PKCS1-v1_5, DSA keys DSA, EC keys ECDSA with a DER signature) and the digest the
 * algorithm names; the signature in standard Base64. Failure (unreadable key, wrong passphrase,
 * unknown algorithm, digest unavailable, unfit key type): RW and "".
 */
import { sign } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import { type FunctionCall, warn } from './call.js'
import { KeyError, privateKeyOf, requireKeyType } from './keys.js'
import { digestOf } from './signature-algorithms.js'

/** Key types that sign with a digest (KEY-4: others do not fit). */
export const SIGNING_KEY_TYPES = ['rsa', 'dsa', 'ec']

export function xpCalcSignature(
  call: FunctionCall,
  data: Value,
  privateKey: Value,
  passphrase?: Value,
  algorithm?: Value,
): string {
  const digest = digestOf(algorithm === undefined ? 'SHA256' : toXPathString(algorithm))
  if (!digest.ok) {
    warn(call, 'calc-signature', digest.reason)
    return ''
  }
  try {
    const key = requireKeyType(
      privateKeyOf(call, toXPathString(privateKey), passphrase === undefined ? '' : toXPathString(passphrase)),
      SIGNING_KEY_TYPES,
      'calc-signature()',
    )
    return sign(digest.digest, bytesOf(call, toXPathString(data)), key).toString('base64')
  } catch (error) {
    // key errors, and the crypto library refusing a digest for the key (e.g. MD5 with ECDSA)
    warn(
      call,
      'calc-signature',
      error instanceof KeyError
        ? error.message
        : `cannot sign: ${error instanceof Error ? error.message : String(error)}`,
    )
    return ''
  }
}
