/**
 * JWT algorithms (security.md J5, J5a): the accepted `alg` values and families, what kind of key each
 * needs, and the default sets (HS256 for a static key, every asymmetric algorithm for a JWKS URL).
 * Shared with the compiler's checks.
 */

export const JWT_FAMILIES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  HS: Object.freeze(['HS256', 'HS384', 'HS512']),
  RS: Object.freeze(['RS256', 'RS384', 'RS512']),
  ES: Object.freeze(['ES256', 'ES384', 'ES512']),
  PS: Object.freeze(['PS256', 'PS384', 'PS512']),
})

/** Single algorithms in J5 order. */
export const JWT_ALGORITHMS: readonly string[] = Object.freeze([
  ...JWT_FAMILIES.HS!,
  ...JWT_FAMILIES.RS!,
  ...JWT_FAMILIES.ES!,
  ...JWT_FAMILIES.PS!,
  'EdDSA',
])

/** J5 default with a `jwks-url`: every asymmetric algorithm. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = Object.freeze(
  JWT_ALGORITHMS.filter((alg) => !alg.startsWith('HS')),
)

/** J5 default with a static key. */
export const DEFAULT_ALGORITHMS: readonly string[] = Object.freeze(['HS256'])

/** The algorithms an `alg` value accepts (a single algorithm or a family); null when invalid (J5). */
export function expandAlg(value: string): readonly string[] | null {
  const family = JWT_FAMILIES[value]
  if (family !== undefined && Object.hasOwn(JWT_FAMILIES, value)) return family
  return JWT_ALGORITHMS.includes(value) ? [value] : null
}

/** The key an algorithm needs (J5a, J6). */
export type KeyKind = 'hmac' | 'rsa' | 'ec' | 'ed25519'

export function keyKindOf(alg: string): KeyKind {
  if (alg.startsWith('HS')) return 'hmac'
  if (alg.startsWith('RS') || alg.startsWith('PS')) return 'rsa'
  if (alg.startsWith('ES')) return 'ec'
  return 'ed25519'
}

/** The curve an ES algorithm needs (J5a), by its JOSE name. */
export const EC_CURVES: Readonly<Record<string, string>> = Object.freeze({
  ES256: 'P-256',
  ES384: 'P-384',
  ES512: 'P-521',
})

/** SHA-2 variant of an algorithm: `SHA-256` for `*256`, ... (EdDSA: none). */
export function hashOf(alg: string): string {
  return `SHA-${alg.slice(2)}`
}
