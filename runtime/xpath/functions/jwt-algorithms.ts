/**
 * JWS algorithms of `jwt-encode()` and `jwt-decode()` (xpath-functions.md FN-jwt-decode-2,
 * FN-jwt-decode-3, FN-jwt-encode-4; security.md J5): HMAC, RSASSA-PKCS1-v1_5, ECDSA (JWS signatures
 * are r‖s, IEEE P1363) and RSASSA-PSS (salt as long as the digest). The compile check XC-5 reads them.
 */
import { constants, createHmac, type KeyObject, sign, timingSafeEqual, verify } from 'node:crypto'

export type JwtFamily = 'HS' | 'RS' | 'ES' | 'PS'

export interface JwtAlgorithm {
  readonly family: JwtFamily
  readonly digest: 'sha256' | 'sha384' | 'sha512'
}

export const JWT_ALGORITHMS: ReadonlyMap<string, JwtAlgorithm> = new Map(
  (['HS', 'RS', 'ES', 'PS'] as const).flatMap((family) =>
    (['256', '384', '512'] as const).map(
      (bits) => [`${family}${bits}`, { family, digest: `sha${bits}` as const }] as const,
    ),
  ),
)

export const JWT_FAMILIES: readonly JwtFamily[] = ['HS', 'RS', 'ES', 'PS']

/** FN-jwt-decode-3: whether `restriction` (a name or a family) is valid. */
export function isJwtRestriction(restriction: string): boolean {
  return JWT_ALGORITHMS.has(restriction) || (JWT_FAMILIES as readonly string[]).includes(restriction)
}

/** XC-5 */
export function unknownJwtAlgorithmMessage(name: string, families = false): string {
  const names = [...JWT_ALGORITHMS.keys(), ...(families ? JWT_FAMILIES : [])]
  return `unknown JWT algorithm "${name}"; expected one of ${names.join(', ')}`
}

/** The key with the options of its family (both `sign` and `verify` take this shape). */
interface KeyWithOptions {
  readonly key: KeyObject
  readonly dsaEncoding?: 'ieee-p1363'
  readonly padding?: number
  readonly saltLength?: number
}

function asymmetricOptions(algorithm: JwtAlgorithm, key: KeyObject): KeyWithOptions {
  if (algorithm.family === 'ES') return { key, dsaEncoding: 'ieee-p1363' }
  if (algorithm.family === 'PS')
    return { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
  return { key }
}

const CURVES: Readonly<Record<string, string>> = { sha256: 'prime256v1', sha384: 'secp384r1', sha512: 'secp521r1' }

/** The reason `key` does not fit `algorithm` (KEY-4), or undefined when it does. */
export function keyMismatch(algorithm: JwtAlgorithm, key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType
  if (algorithm.family === 'ES') {
    const curve = key.asymmetricKeyDetails?.namedCurve
    return type === 'ec' && curve === CURVES[algorithm.digest]
      ? undefined
      : `ES${algorithm.digest.slice(3)} needs an EC key on ${CURVES[algorithm.digest]}`
  }
  if (type === 'rsa' || (type === 'rsa-pss' && algorithm.family === 'PS')) return undefined
  return `${algorithm.family}${algorithm.digest.slice(3)} needs an RSA key, not ${type ?? 'unknown'}`
}

/** The signature of `input` (the ASCII `header.payload`). */
export function signJws(algorithm: JwtAlgorithm, key: KeyObject | Uint8Array, input: string): Buffer {
  if (algorithm.family === 'HS')
    return createHmac(algorithm.digest, key as Uint8Array)
      .update(input)
      .digest()
  return sign(algorithm.digest, Buffer.from(input), asymmetricOptions(algorithm, key as KeyObject))
}

/** Whether `signature` is valid for `input`. */
export function verifyJws(
  algorithm: JwtAlgorithm,
  key: KeyObject | Uint8Array,
  input: string,
  signature: Buffer,
): boolean {
  if (algorithm.family === 'HS') {
    const expected = createHmac(algorithm.digest, key as Uint8Array)
      .update(input)
      .digest()
    return expected.length === signature.length && timingSafeEqual(expected, signature)
  }
  return verify(algorithm.digest, Buffer.from(input), asymmetricOptions(algorithm, key as KeyObject), signature)
}
