/**
 * The `auth` action (actions.md ACT-auth-2..4): HTTP Basic authentication of the client request's
 * `Authorization` field (`Basic <base64(name:password)>`, scheme in any case, split at the first `:`).
 * The first user whose name equals the sent name is the only candidate; its password is compared in
 * constant time (SHA-256 digests, so lengths do not show). A user whose dynamic password is empty can
 * never match (RW). On failure the run ends with 401, `WWW-Authenticate: Basic realm="Restricted"`
 * and the `text/plain` body `Authentication Required`; that is no error (`$error` stays as it is).
 */
import { createHash, timingSafeEqual } from 'node:crypto'

import type { FlowContext } from '../../context/flow-context.js'
import { warnAction } from './write-location.js'

export interface AuthUser {
  readonly name: string
  readonly pass: string
}

export const AUTH_REALM = 'Restricted'
export const AUTH_REJECTED_BODY = 'Authentication Required'

/** True when the credentials match; otherwise the 401 response is set and the caller ends the run. */
export function auth(ctx: FlowContext, at: string, users: readonly AuthUser[]): boolean {
  for (const user of users)
    if (user.pass === '')
      warnAction(ctx, at, 'auth', `the password of user ${JSON.stringify(user.name)} is empty; the user cannot log in`)
  const sent = basicCredentials(ctx.request?.headers.get('authorization'))
  const user = sent === undefined ? undefined : users.find((candidate) => candidate.name === sent.name)
  if (sent !== undefined && user !== undefined && user.pass !== '' && samePassword(sent.password, user.pass))
    return true
  const response = ctx.response
  response.status = 401
  response.headers.set('WWW-Authenticate', `Basic realm="${AUTH_REALM}"`)
  response.body = [AUTH_REJECTED_BODY]
  response.explicitMime = 'text/plain'
  response.defaultMime = undefined
  return false
}

/** The name and password of a `Basic` field value; undefined when absent or malformed. */
export function basicCredentials(field: string | undefined): { name: string; password: string } | undefined {
  const match = field === undefined ? null : /^[Bb][Aa][Ss][Ii][Cc][ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/.exec(field)
  if (match === null || match[1]!.length % 4 === 1) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? undefined : { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

function samePassword(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected))
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}
