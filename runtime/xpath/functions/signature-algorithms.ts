/**
 * Digest names of `calc-signature()` and `verify-signature()` (xpath-functions.md FN-calc-signature-2),
 * case-insensitive, mapped to node:crypto digest names. `MD4` and `MD2` are accepted names that fail at
 * run time when the crypto library lacks the digest. The compile check XC-5 reads the names.
 */
import { getHashes } from 'node:crypto'

export const SIGNATURE_ALGORITHMS: ReadonlyMap<string, string> = new Map([
  ['sha256', 'sha256'],
  ['sha224', 'sha224'],
  ['sha384', 'sha384'],
  ['sha512', 'sha512'],
  ['sha1', 'sha1'],
  ['sha', 'sha1'],
  ['dsa', 'sha1'],
  ['dsa-sha', 'sha1'],
  ['dsaencryption', 'sha1'],
  ['dsawithsha', 'sha1'],
  ['ecdsa-with-sha1', 'sha1'],
  ['md5', 'md5'],
  ['ripemd160', 'ripemd160'],
  ['md4', 'md4'],
  ['md2', 'md2'],
])

/** The names as the specification writes them (messages). */
const DISPLAY_NAMES =
  'SHA256, SHA224, SHA384, SHA512, SHA1, SHA, DSA, DSA-SHA, dsaEncryption, dsaWithSHA, ecdsa-with-SHA1, MD5, RIPEMD160, MD4, MD2'

export type DigestLookup =
  { readonly ok: true; readonly digest: string } | { readonly ok: false; readonly reason: string }

/** The digest for an algorithm name, or why there is none (unknown name, digest unavailable). */
export function digestOf(name: string): DigestLookup {
  const digest = SIGNATURE_ALGORITHMS.get(name.toLowerCase())
  if (digest === undefined) return { ok: false, reason: unknownSignatureAlgorithmMessage(name) }
  if (!getHashes().includes(digest)) return { ok: false, reason: `digest ${name} is not available` }
  return { ok: true, digest }
}

/** XC-5 */
export function unknownSignatureAlgorithmMessage(name: string): string {
  return `unknown signature algorithm "${name}"; expected one of ${DISPLAY_NAMES}`
}
