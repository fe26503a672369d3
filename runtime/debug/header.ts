/**
 * The `Debug` request header (operations.md DB4): `Debug: <configuration>`, followed by
 * `; auth=<password>` when SVC_DEBUG_AUTH is set (whitespace around `;` ignored; the password compared
 * in constant time). The header is allowed when SVC_DEBUG_ALLOW_HEADER=true or SVC_DEBUG_AUTH is set.
 *
 * Decided: the configuration ends at the first `;` (topic names cannot hold one); without
 * SVC_DEBUG_AUTH an `auth=` part is ignored; anything after the `;` other than `auth=` makes the
 * header invalid.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

import { type DebugConfig, parseDebugConfig } from './config.js'

export type HeaderOutcome =
  { readonly accepted: true; readonly config: DebugConfig } | { readonly accepted: false; readonly reason: string }

const AUTH_PART = /^\s*auth=(.*)$/s

/** SHA-256 digest of a password, so that comparing never depends on the lengths (DB4). */
export function passwordDigest(password: string): Buffer {
  return createHash('sha256').update(password, 'utf8').digest()
}

/**
 * Reads a `Debug` header value. `allowed`: SVC_DEBUG_ALLOW_HEADER or SVC_DEBUG_AUTH; `authDigest`:
 * passwordDigest(SVC_DEBUG_AUTH), or null when no password is required.
 */
export function readDebugHeader(value: string, allowed: boolean, authDigest: Buffer | null): HeaderOutcome {
  if (!allowed) return { accepted: false, reason: 'the Debug header is not allowed (SVC_DEBUG_ALLOW_HEADER)' }
  const semicolon = value.indexOf(';')
  const configText = semicolon < 0 ? value : value.slice(0, semicolon)
  const auth = semicolon < 0 ? null : AUTH_PART.exec(value.slice(semicolon + 1))
  if (semicolon >= 0 && auth === null)
    return { accepted: false, reason: 'the Debug header has an unknown part after ";"' }
  if (authDigest !== null) {
    if (auth === null) return { accepted: false, reason: 'the Debug header needs "; auth=<password>"' }
    if (!timingSafeEqual(passwordDigest(auth[1]!), authDigest))
      return { accepted: false, reason: 'wrong password in the Debug header' }
  }
  const config = parseDebugConfig(configText.trim())
  if (typeof config === 'string') return { accepted: false, reason: `invalid Debug header: ${config}` }
  return { accepted: true, config }
}
