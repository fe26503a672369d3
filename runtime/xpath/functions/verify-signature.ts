/**
 * `verify-signature(signature, data, public_key, algorithm = 'SHA256')` (xpath-functions.md
 * FN-verify-signature-1, KEY-2, KEY-3, KEY-4, BIN-1): whether the Base64 signature (whitespace
 * ignored) is valid for the bytes of `data`, the public key and the digest. False for every failure;
 * an RW only for unreadable keys and unknown algorithms, not for a signature that does not match.
 */
import { verify } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import { SIGNING_KEY_TYPES } from './calc-signature.js'
import { type FunctionCall, warn } from './call.js'
import { KeyError, publicKeyOf, requireKeyType } from './keys.js'
import { digestOf } from './signature-algorithms.js'

export function xpVerifySignature(
  call: FunctionCall,
  signature: Value,
  data: Value,
  publicKey: Value,
  algorithm?: Value,
): boolean {
  const digest = digestOf(algorithm === undefined ? 'SHA256' : toXPathString(algorithm))
  if (!digest.ok) {
    warn(call, 'verify-signature', digest.reason)
    return false
  }
  let key
  try {
    key = requireKeyType(publicKeyOf(call, toXPathString(publicKey)), SIGNING_KEY_TYPES, 'verify-signature()')
  } catch (error) {
    if (!(error instanceof KeyError)) throw error
    warn(call, 'verify-signature', error.message)
    return false
  }
  const compact = toXPathString(signature).replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return false
  try {
    return verify(digest.digest, bytesOf(call, toXPathString(data)), key, Buffer.from(compact, 'base64'))
  } catch {
    // a malformed signature (wrong length, bad DER) simply does not match
    return false
  }
}
