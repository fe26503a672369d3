/**
 * The `Authorization: Basic` check of the status endpoints (operations.md HL3): exactly the
 * `user:password` of SVC_STATUS_AUTH, compared as SHA-256 digests in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

const BASIC = /^basic +([A-Za-z0-9+/]*={0,2}) *$/i

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** The digest of `user:password` that requests are compared with. */
export function statusCredentialDigest(auth: { readonly user: string; readonly password: string }): Buffer {
  return digest(`${auth.user}:${auth.password}`)
}

/** Whether an `Authorization` header value carries exactly the expected credentials. */
export function basicCredentialsMatch(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : BASIC.exec(header)
  const given = match === null ? '' : Buffer.from(match[1]!, 'base64').toString('utf8')
  return timingSafeEqual(digest(given), expected) && match !== null
}
