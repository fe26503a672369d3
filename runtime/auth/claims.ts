/**
 * Claim and scope checks of JWT schemes (security.md J9, J10). Claims compare on string form: strings
 * as they are, numbers by their JSON text, booleans as `true`/`false`; an array claim must contain the
 * expected value; objects and `null` never match. Scopes come from a whitespace-separated string or an
 * array of strings; every required scope must be granted.
 */
import { type JsonObject, type JsonValue, scalarText } from '../values/json-value.js'

/** J9: whether the token's claim matches the expected string form. */
export function claimMatches(claim: JsonValue | undefined, expected: string): boolean {
  if (claim === undefined) return false
  if (Array.isArray(claim))
    return claim.some((item: JsonValue) => !Array.isArray(item) && scalarText(item) === expected)
  return scalarText(claim as JsonValue) === expected
}

/**
 * J10: the first required scope the token does not grant, or null when all are granted. A claim that
 * is missing, neither a string nor an array of strings fails at the first required scope.
 */
export function missingScope(payload: JsonObject, scopeClaim: string, required: readonly string[]): string | null {
  if (required.length === 0) return null
  const claim = payload.get(scopeClaim)
  let granted: readonly string[]
  if (typeof claim === 'string') granted = claim.split(/\s+/)
  else if (Array.isArray(claim) && claim.every((item) => typeof item === 'string')) granted = claim as readonly string[]
  else return required[0]!
  for (const scope of required) if (!granted.includes(scope)) return scope
  return null
}
