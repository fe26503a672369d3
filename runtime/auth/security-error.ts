/**
 * The errors of security checks (security.md A14, A15, errors.md 3206): `Security violation` with one
 * info entry per failing scheme that was evaluated, status 403, or 401 with one `WWW-Authenticate`
 * header per distinct basic challenge when every alternative failed at a basic scheme.
 */
import { ERROR_KINDS } from '../errors/codes.js'
import { gatewayErrorObject, RaisedError } from '../errors/raised-error.js'
import { JsonNumber, JsonObject } from '../values/json-value.js'

export function securityViolation(
  info: readonly string[],
  requestId: string,
  challenges: readonly string[] | null,
): RaisedError {
  const base = gatewayErrorObject('SECURITY', info, requestId)
  if (challenges === null) return new RaisedError(base, ERROR_KINDS.SECURITY.alertTopic)
  const status = new JsonNumber('401')
  const object = new JsonObject(
    base.keys,
    base.values.map((value, i) => (base.keys[i] === 'status' ? status : value)),
  )
  return new RaisedError(
    object,
    ERROR_KINDS.SECURITY.alertTopic,
    [...new Set(challenges)].map((challenge) => ['WWW-Authenticate', challenge] as const),
  )
}
