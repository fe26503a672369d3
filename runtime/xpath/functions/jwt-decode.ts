/**
 * `jwt-decode(jws, key, algorithm?)` (xpath-functions.md FN-jwt-decode-1..6; security.md J5): checks,
 * in order, the compact structure (three Base64url segments, header and payload JSON objects), the
 * `alg` (HS*, RS*, ES*, PS*; `none` never; restricted by `algorithm`, a name or a family, and to the HS
 * family without it), the signature (HS* secret in Base64url; other families a public key, KEY-2),
 * `exp` (a number, the current second before it, no leeway) and `nbf` (a number, not after the current
 * second). Success: the root element of the payload's OXN tree. Failure: the empty sequence and a
 * debug message (level `debug`) stating the reason.
 */
import type { KeyObject } from 'node:crypto'

import { type OxnElement, oxnRoot, parseJson, toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import type { Value } from '../value.js'
import { decodeBase64Lenient } from './base64.js'
import { debugMessage, type FunctionCall } from './call.js'
import { JWT_ALGORITHMS, type JwtAlgorithm, keyMismatch, verifyJws } from './jwt-algorithms.js'
import { KeyError, publicKeyOf } from './keys.js'

const SEGMENT = /^[A-Za-z0-9_-]*$/

class JwtFailure extends Error {}

function segmentJson(segment: string, what: string): JsonObject {
  if (segment === '' || !SEGMENT.test(segment)) throw new JwtFailure(`the ${what} is not Base64url`)
  let json: JsonValue
  try {
    json = parseJson(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    throw new JwtFailure(`the ${what} is not JSON`)
  }
  if (!(json instanceof JsonObject)) throw new JwtFailure(`the ${what} is not a JSON object`)
  return json
}

/** FN-jwt-decode-4: an HS secret (Base64url, padding optional, `+` and `/` accepted). */
export function hmacSecretOf(text: string): Uint8Array {
  const secret = decodeBase64Lenient(text)
  if (secret.length === 0) throw new KeyError('the secret is empty')
  return secret
}

function verificationKey(call: FunctionCall, algorithm: JwtAlgorithm, keyText: string): KeyObject | Uint8Array {
  if (algorithm.family === 'HS') return hmacSecretOf(keyText)
  const key = publicKeyOf(call, keyText)
  const mismatch = keyMismatch(algorithm, key)
  if (mismatch !== undefined) throw new KeyError(mismatch)
  return key
}

function checkTime(payload: JsonObject, claim: 'exp' | 'nbf', now: number): void {
  const value = payload.get(claim)
  if (value === undefined) return
  if (!(value instanceof JsonNumber)) throw new JwtFailure(`${claim} is not a number`)
  if (claim === 'exp' && !(now < value.value)) throw new JwtFailure('the token has expired')
  if (claim === 'nbf' && now < value.value) throw new JwtFailure('the token is not valid yet')
}

function decode(call: FunctionCall, jws: string, keyText: string, restriction: string): JsonObject {
  const parts = jws.split('.')
  if (parts.length !== 3) throw new JwtFailure('not a compact JWS (three segments)')
  const header = segmentJson(parts[0]!, 'header')
  const payload = segmentJson(parts[1]!, 'payload')
  const alg = header.get('alg')
  const algorithm = typeof alg === 'string' ? JWT_ALGORITHMS.get(alg) : undefined
  if (algorithm === undefined || typeof alg !== 'string')
    throw new JwtFailure(`algorithm ${typeof alg === 'string' ? alg : '(none)'} is not accepted`)
  if (alg !== restriction && algorithm.family !== restriction)
    throw new JwtFailure(`algorithm ${alg} is not allowed (${restriction})`)
  if (!SEGMENT.test(parts[2]!)) throw new JwtFailure('the signature is not Base64url')
  const key = verificationKey(call, algorithm, keyText)
  if (!verifyJws(algorithm, key, `${parts[0]}.${parts[1]}`, Buffer.from(parts[2]!, 'base64url')))
    throw new JwtFailure('invalid signature')
  const now = Math.floor(Date.now() / 1000)
  checkTime(payload, 'exp', now)
  checkTime(payload, 'nbf', now)
  return payload
}

export function xpJwtDecode(call: FunctionCall, jws: Value, key: Value, algorithm?: Value): Sequence | OxnElement {
  const restriction = algorithm === undefined ? 'HS' : toXPathString(algorithm)
  try {
    return oxnRoot(decode(call, toXPathString(jws), toXPathString(key), restriction))
  } catch (error) {
    if (!(error instanceof JwtFailure || error instanceof KeyError)) throw error
    debugMessage(call, 'debug', `jwt-decode(): ${error.message}`)
    return EMPTY
  }
}
