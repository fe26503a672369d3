/**
 * Mints an example token for the jwt-proxy example and prints it:
 *
 *   node examples/jwt-proxy/mint-token.mjs [--sub ada] [--scope "orders:read orders:write"] [--ttl 3600]
 *
 * Signed with ORDERS_JWT_KEY when set, else with the example key (example-key.mjs). EXAMPLE ONLY:
 * real tokens come from your identity provider.
 */
import { SignJWT } from 'jose'
import { realpathSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { AUDIENCE, EXAMPLE_JWT_KEY, ISSUER } from './example-key.mjs'

/** Signs `{ sub, scope, iss, aud, iat, exp }` with HS256 and a base64url secret. */
export async function mintToken({ sub = 'ada', scope = 'orders:read', ttlSeconds = 3600, key = EXAMPLE_JWT_KEY } = {}) {
  return new SignJWT({ scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(Buffer.from(key, 'base64url'))
}

// Run as a script (not imported): print one token.
if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: { sub: { type: 'string' }, scope: { type: 'string' }, ttl: { type: 'string' } },
  })
  const token = await mintToken({
    sub: values.sub,
    scope: values.scope,
    ttlSeconds: values.ttl === undefined ? undefined : Number(values.ttl),
    key: process.env.ORDERS_JWT_KEY || undefined,
  })
  process.stdout.write(`${token}\n`)
}
