/**
 * Basic-auth credential lists (security.md BA2-BA4): `credentials` text with entries separated by
 * newlines or commas, each `<user>:<password>` (split at the first `:`) or `<user>:{SHA256}<hex>`;
 * surrounding whitespace trimmed, empty entries skipped. An entry without `:`, with an empty password
 * or a malformed digest invalidates the whole list, and the list must not be empty. Passwords are kept
 * only as their SHA-256 digest. Shared with the compiler's checks; problems never quote a password.
 */
import { createHash } from 'node:crypto'

import { Problem } from './settings.js'

export interface Credential {
  readonly user: string
  /** SHA-256 of the UTF-8 password (32 bytes). */
  readonly digest: Buffer
}

const DIGEST_PREFIX = '{SHA256}'
const HEX_DIGEST = /^[0-9a-fA-F]{64}$/

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** BA2 `sha256`: 64 hex digits in either case; null when malformed. */
export function parseHexDigest(text: string): Buffer | null {
  return HEX_DIGEST.test(text) ? Buffer.from(text, 'hex') : null
}

/** BA3/BA4: the entries of a credential list, or what is wrong with it. */
export function parseCredentialList(text: string): Credential[] | Problem {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length === 0) return new Problem('has no user:password entries')
  const credentials: Credential[] = []
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    const colon = entry.indexOf(':')
    const password = colon < 0 ? '' : entry.slice(colon + 1)
    const digest = password.startsWith(DIGEST_PREFIX)
      ? parseHexDigest(password.slice(DIGEST_PREFIX.length))
      : password === ''
        ? null
        : sha256(password)
    if (digest === null)
      return new Problem(`has an invalid entry ${i + 1} (expected user:password or user:{SHA256}<hex>)`)
    credentials.push({ user: entry.slice(0, colon), digest })
  }
  return credentials
}
