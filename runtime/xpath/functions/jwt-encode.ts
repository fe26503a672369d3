/**
 * `jwt-encode(claims, key, ttl = 0, algorithm = 'HS256')` (xpath-functions.md FN-jwt-encode-1..5):
 * the claims (a JSON string, or a node rendered by oxn.md OXN-R) must be a JSON object; a positive
 * `ttl` sets `exp` to the current second plus `floor(ttl)` (replacing an existing `exp` in place,
 * else appended). Header exactly `{"typ":"JWT","alg":"<algorithm>"}`, payload the compact JSON of the
 * claims, all segments Base64url without padding. HS* keys are Base64url secrets, RS and PS RSA and
 * ES* EC private keys (KEY-1, unencrypted). Failure: RW and "".
 */
import {
  JsonSyntaxError,
  parseJson,
  renderJsonValue,
  renderNode,
  toXPathNumber,
  toXPathString,
} from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode } from '../../values/item.js'
import { jsonNumberOf, JsonObject, type JsonValue } from '../../values/json-value.js'
import { firstOf, type Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { JWT_ALGORITHMS, keyMismatch, signJws, unknownJwtAlgorithmMessage } from './jwt-algorithms.js'
import { hmacSecretOf } from './jwt-decode.js'
import { KeyError, privateKeyOf } from './keys.js'

function claimsOf(value: Value): JsonObject | undefined {
  let item = firstOf(value)
  if (item === undefined) return undefined
  // a content value is its text (a JSON string), as XP-CONV-1 reads it
  if (item instanceof Content) item = item.text
  let json: JsonValue
  try {
    json = isNode(item) ? parseJson(renderNode(item)) : parseJson(toXPathString(item))
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined
    throw error
  }
  return json instanceof JsonObject ? json : undefined
}

function withExpiry(claims: JsonObject, exp: number): JsonObject {
  const at = claims.keys.indexOf('exp')
  const value = jsonNumberOf(exp)!
  if (at < 0) return new JsonObject([...claims.keys, 'exp'], [...claims.values, value])
  const values = [...claims.values]
  values[at] = value
  return new JsonObject(claims.keys, values)
}

export function xpJwtEncode(
  call: FunctionCall,
  claimsValue: Value,
  key: Value,
  ttl?: Value,
  algorithmValue?: Value,
): string {
  const name = algorithmValue === undefined ? 'HS256' : toXPathString(algorithmValue)
  const algorithm = JWT_ALGORITHMS.get(name)
  if (algorithm === undefined) {
    warn(call, 'jwt-encode', unknownJwtAlgorithmMessage(name))
    return ''
  }
  let claims = claimsOf(claimsValue)
  if (claims === undefined) {
    warn(call, 'jwt-encode', 'the claims are not a JSON object')
    return ''
  }
  const seconds = ttl === undefined ? 0 : toXPathNumber(ttl)
  if (seconds > 0) claims = withExpiry(claims, Math.floor(Date.now() / 1000) + Math.floor(seconds))
  try {
    const keyText = toXPathString(key)
    let signingKey
    if (algorithm.family === 'HS') signingKey = hmacSecretOf(keyText)
    else {
      signingKey = privateKeyOf(call, keyText)
      const mismatch = keyMismatch(algorithm, signingKey)
      if (mismatch !== undefined) throw new KeyError(mismatch)
    }
    const input = `${Buffer.from(`{"typ":"JWT","alg":"${name}"}`).toString('base64url')}.${Buffer.from(renderJsonValue(claims)).toString('base64url')}`
    return `${input}.${signJws(algorithm, signingKey, input).toString('base64url')}`
  } catch (error) {
    if (!(error instanceof KeyError)) throw error
    warn(call, 'jwt-encode', error.message)
    return ''
  }
}
