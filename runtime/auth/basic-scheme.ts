/**
 * A basic scheme (`basic` + `x-svc-basicauth`, security.md BA1-BA10) as checked per request: the users
 * of `users` then of `credentials` (the first entry of a name counts; env sources read per request,
 * 3211 when unset, empty or invalid), the client's `Authorization: Basic <base64(user:password)>`
 * (BA5), and a constant-time comparison of SHA-256 digests that costs the same for unknown names
 * (BA6). Failure reasons are those of BA7; the user name is never part of them.
 */
import { timingSafeEqual } from 'node:crypto'

import type { ClientRequest } from '../context/flow-context.js'
import { gatewayError } from '../errors/raised-error.js'
import { JsonObject } from '../values/json-value.js'
import type { BasicSchemeSpec } from './config.js'
import { type Credential, parseCredentialList, parseHexDigest, sha256 } from './credentials.js'
import { failed, passed, type SchemeOutcome } from './outcome.js'
import { type Environment, loadSetting, Problem, type Setting } from './settings.js'

/** `Basic` (any case), optionally followed by one or more spaces and the credentials (group 1). */
const BASIC = /^basic(?: +(.*))?$/is
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const UTF8 = new TextDecoder('utf-8', { fatal: true })
/** Compared against when the name is unknown, so that both cases cost the same (BA6). */
const UNKNOWN_USER_DIGEST = sha256('')

type UserSource = { readonly user: string; readonly digest: Setting<Buffer> }

export class BasicScheme {
  readonly kind = 'basic'
  /** `WWW-Authenticate` value of A15. */
  readonly challenge: string
  readonly #users: readonly UserSource[]
  readonly #credentials: Setting<readonly Credential[]> | null
  /** The combined list when no source is read per request. */
  readonly #fixed: ReadonlyMap<string, Buffer> | null

  /** Reads literal and file sources now; throws SecurityStartError when one is invalid (CL9). */
  constructor(
    readonly spec: BasicSchemeSpec,
    siteRoot: string,
  ) {
    this.challenge = `Basic realm="${spec.realm}", charset="UTF-8"`
    this.#users = spec.users.map((entry, i) => {
      if ('sha256' in entry) return { user: entry.user, digest: fixedDigest(entry.sha256) }
      const place = { scheme: spec.name, property: `x-svc-basicauth.users[${i}].password` }
      return { user: entry.user, digest: loadSetting(entry.password, place, parsePassword, siteRoot) }
    })
    const place = { scheme: spec.name, property: 'x-svc-basicauth.credentials' }
    this.#credentials =
      spec.credentials === null ? null : loadSetting(spec.credentials, place, parseCredentialList, siteRoot)
    const dynamic = this.#users.some((entry) => entry.digest.perRequest) || this.#credentials?.perRequest === true
    this.#fixed = dynamic ? null : this.#combine({}, '')
  }

  get name(): string {
    return this.spec.name
  }

  async check(request: ClientRequest, env: Environment, requestId: string): Promise<SchemeOutcome> {
    const users = this.#fixed ?? this.#combine(env, requestId)
    const header = request.headers.get('authorization')
    if (header === undefined) return failed('No Authorization header sent')
    const basic = BASIC.exec(header)
    if (basic === null) return failed('Authorization header is not Basic')
    const pair = decodeCredentials(basic[1] ?? '')
    if (pair === null) return failed('Invalid credentials')
    const stored = users.get(pair.user)
    const same = timingSafeEqual(sha256(pair.password), stored ?? UNKNOWN_USER_DIGEST)
    if (!same || stored === undefined) return failed('Invalid credentials')
    return passed(JsonObject.fromEntries([['user', pair.user]]))
  }

  /** BA4: `users` first, then `credentials`; the first entry of a name counts; must not be empty. */
  #combine(env: Environment, requestId: string): Map<string, Buffer> {
    const users = new Map<string, Buffer>()
    for (const entry of this.#users) if (!users.has(entry.user)) users.set(entry.user, entry.digest.get(env, requestId))
    for (const entry of this.#credentials?.get(env, requestId) ?? [])
      if (!users.has(entry.user)) users.set(entry.user, entry.digest)
    if (users.size === 0) {
      throw gatewayError(
        'CONFIGURATION',
        [`The user list is empty (security scheme ${this.spec.name}, x-svc-basicauth)`],
        requestId,
      )
    }
    return users
  }
}

function parsePassword(text: string): Buffer | Problem {
  return text === '' ? new Problem('is empty') : sha256(text)
}

function fixedDigest(hex: string): Setting<Buffer> {
  const digest = parseHexDigest(hex) ?? sha256('')
  return { perRequest: false, get: () => digest }
}

/** BA5: standard base64 (padding optional) of UTF-8 `user:password`; null when anything is off. */
function decodeCredentials(text: string): { user: string; password: string } | null {
  if (text === '' || !BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1) return null
  let decoded: string
  try {
    decoded = UTF8.decode(Buffer.from(text, 'base64'))
  } catch {
    return null
  }
  const colon = decoded.indexOf(':')
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}
