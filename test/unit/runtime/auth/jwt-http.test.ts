/**
 * JWT schemes end to end (security.md J1-J16, A12, A14, A16; flows.md F-KIND-6; operations.md CL9):
 * a project with one scheme per algorithm family and token place is compiled to a real bundle with keys
 * generated for this run, and called over HTTP. The attack catalog of the security issue is rejected
 * with 403 / 3206 and the J8 reason, and neither answers nor log lines contain a token or a key.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, temporaryDir } from '../../../helpers/gateway-process.js'
import { send } from '../../../helpers/http.js'
import { hmacWith, type Keys, makeKeys, nowSeconds, sign, signRsaWithNode, tamper, unsigned } from './jwt-keys.js'

const ISS = 'https://login.example.net'

function definition(jwksPort: number, keys: Keys): string {
  const inlinePem = keys.rsa.pem
    .trim()
    .split('\n')
    .map((line) => `          ${line}`)
    .join('\n')
  return `swagger: "2.0"
basePath: /api
x-svc-error: flows/error.xml
securityDefinitions:
  Hs:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { env: HS_KEY }
      alg: HS
      claims:
        iss: ${ISS}
        aud: { value: shop }
        tier: 2
      out-var: $claims
  Rs:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { file: keys/rsa.pem }
      alg: RS256
  Rs1024:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { file: keys/rsa1024.pem }
      alg: RS
  Ps:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key:
        value: |
${inlinePem}
      alg: PS
  Es:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { file: keys/p256.pem }
      alg: ES
  Ed:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { file: keys/ed25519.pem }
      alg: EdDSA
  Session:
    type: apiKey
    in: header
    name: Cookie
    x-svc-cookiename: session
    x-svc-jwt:
      key: { env: HS_KEY }
  Query:
    type: apiKey
    in: query
    name: access_token
    x-svc-jwt:
      key: { env: HS_KEY }
      scope-claim: scp
  Custom:
    type: apiKey
    in: header
    name: X-Token
    x-svc-jwt:
      key: { env: HS_KEY }
      post-check-flow: flows/post-check.xml
  Jwks:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { jwks-url: "http://127.0.0.1:${jwksPort}/jwks" }
  JwksDown:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { jwks-url: { env: DOWN_URL } }
  Unset:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { env: UNSET_KEY }
  BadEnvKey:
    type: apiKey
    in: header
    name: Authorization
    x-svc-jwt:
      key: { env: HS_KEY }
      alg: RS256
paths:
  /hs:
    get:
      security: [{ Hs: [] }]
      x-svc-flow: flows/claims.xml
    post:
      security: [{ Hs: [orders:write, orders:read] }]
      x-svc-flow: flows/claims.xml
  /rs:
    get: { security: [{ Rs: [] }], x-svc-flow: flows/jwt.xml }
  /rs1024:
    get: { security: [{ Rs1024: [] }], x-svc-flow: flows/jwt.xml }
  /ps:
    get: { security: [{ Ps: [] }], x-svc-flow: flows/jwt.xml }
  /es:
    get: { security: [{ Es: [] }], x-svc-flow: flows/jwt.xml }
  /ed:
    get: { security: [{ Ed: [] }], x-svc-flow: flows/jwt.xml }
  /either:
    get: { security: [{ Rs: [] }, { Session: [] }], x-svc-flow: flows/jwt.xml }
  /query:
    get: { security: [{ Query: [admin] }], x-svc-flow: flows/jwt.xml }
  /post-check:
    get: { security: [{ Custom: [] }], x-svc-flow: flows/jwt.xml }
  /jwks:
    get: { security: [{ Jwks: [] }], x-svc-flow: flows/jwt.xml }
  /jwks-down:
    get: { security: [{ JwksDown: [] }], x-svc-flow: flows/jwt.xml }
  /unset:
    get: { security: [{ Unset: [] }], x-svc-flow: flows/jwt.xml }
  /bad-env-key:
    get: { security: [{ BadEnvKey: [] }], x-svc-flow: flows/jwt.xml }
`
}

const FLOWS: Record<string, string> = {
  'flows/claims.xml': '<flow>\n  <dump in="$claims" mime="application/json"/>\n</flow>\n',
  'flows/jwt.xml': '<flow>\n  <dump in="$jwt" mime="application/json"/>\n</flow>\n',
  'flows/error.xml': '<flow>\n  <break/>\n</flow>\n',
  'flows/post-check.xml': `<flow>
  <set-status code="201"/>
  <if test="$jwt/sub = 'stop'">
    <echo status="418">stopped by the post-check flow</echo>
  </if>
  <break if="$jwt/sub = 'brk'"/>
  <return if="$jwt/sub = 'ret'"/>
  <eval out="$n">xs:integer($jwt/sub)</eval>
</flow>
`,
}

let keys: Keys
let jwks: Server
let jwksFetches = 0
let jwksBody = ''
let siteDir: string
let outDir: string
let gateway: RunningGateway

beforeAll(async () => {
  keys = makeKeys()
  const rsaJwk = { ...keys.rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1', use: 'sig' }
  const ecJwk = { ...keys.p256.publicKey.export({ format: 'jwk' }), kid: 'ec-1' }
  const ignored = [
    { kty: 'oct', k: keys.secretText, kid: 'oct-1' },
    { ...keys.attacker.publicKey.export({ format: 'jwk' }), kid: 'enc-1', use: 'enc' },
  ]
  jwksBody = JSON.stringify({ keys: [...ignored, rsaJwk, ecJwk] })
  jwks = createServer((req, res) => {
    jwksFetches++
    res.writeHead(200, { 'content-type': 'application/jwk-set+json', 'cache-control': 'max-age=3600' })
    res.end(jwksBody)
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  const jwksPort = (jwks.address() as AddressInfo).port
  siteDir = temporaryDir('svc-jwt-site-')
  const files: Record<string, string> = {
    ...FLOWS,
    'definition.yaml': definition(jwksPort, keys),
    'keys/rsa.pem': keys.rsa.pem,
    'keys/rsa1024.pem': keys.rsa1024.pem,
    'keys/p256.pem': keys.p256.pem,
    'keys/ed25519.pem': keys.ed25519.pem,
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true })
    writeFileSync(join(siteDir, path), text)
  }
  outDir = temporaryDir('svc-jwt-out-')
  await compileOrThrow(join(siteDir, 'definition.yaml'), outDir)
  gateway = await startBundle(outDir, { HS_KEY: `  ${keys.secretText}\n`, DOWN_URL: 'http://127.0.0.1:1/jwks' })
}, 60_000)

afterAll(async () => {
  await gateway?.stop()
  jwks?.closeAllConnections()
  await new Promise((resolve) => jwks?.close(resolve))
  rmSync(siteDir, { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
})

const good = () => ({ iss: ISS, aud: ['shop', 'other'], tier: 2, sub: 'u-17', exp: nowSeconds() + 300 })

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await send(gateway.url, { method, path, headers })
  return {
    status: res.status,
    body: res.body,
    headers: res.headers,
    json: () => JSON.parse(res.body) as { error: { code: number; info: string[] } },
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The 3206 answer with one info entry; the token never appears in it. */
async function rejected(path: string, headers: Record<string, string>, info: string[]) {
  const res = await get(path, headers)
  expect(res.status, res.body).toBe(403)
  expect(res.json().error).toMatchObject({ code: 3206, message: 'Security violation', info })
  for (const value of Object.values(headers)) expect(res.body).not.toContain(value.replace(/^Bearer /, ''))
}

describe('accepted tokens, one per algorithm family (J5, J6, J7, J11)', () => {
  it('HS256, HS384 and HS512 under the HS family; the claims in token order in out-var', async () => {
    for (const alg of ['HS256', 'HS384', 'HS512']) {
      const payload = { jti: alg, ...good(), ünï: 'ok' }
      const res = await get('/api/hs', bearer(await sign({ alg }, payload, keys.secret)))
      expect(res.status, res.body).toBe(200)
      expect(Object.keys(JSON.parse(res.body))).toEqual(Object.keys(payload))
      expect(JSON.parse(res.body)).toEqual(payload)
    }
  })
  it('RS256 with a key file', async () => {
    const res = await get('/api/rs', bearer(await sign({ alg: 'RS256', typ: 'JWT' }, good(), keys.rsa.privateKey)))
    expect(res.status, res.body).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ sub: 'u-17' })
  })
  it('J5a: RS512 and PS256 with a 1024-bit RSA key', async () => {
    for (const alg of ['RS512'])
      expect((await get('/api/rs1024', bearer(signRsaWithNode(alg, good(), keys.rsa1024.privateKey)))).status).toBe(200)
    expect((await get('/api/rs1024', bearer(signRsaWithNode('PS256', good(), keys.rsa1024.privateKey)))).status).toBe(
      403,
    )
  })
  it('PS256 and PS512 with a literal PEM key', async () => {
    for (const alg of ['PS256', 'PS512'])
      expect((await get('/api/ps', bearer(await sign({ alg }, good(), keys.rsa.privateKey)))).status).toBe(200)
  })
  it('ES256 with a P-256 key under the ES family', async () => {
    expect((await get('/api/es', bearer(await sign({ alg: 'ES256' }, good(), keys.p256.privateKey)))).status).toBe(200)
  })
  it('EdDSA with an Ed25519 key', async () => {
    expect((await get('/api/ed', bearer(await sign({ alg: 'EdDSA' }, good(), keys.ed25519.privateKey)))).status).toBe(
      200,
    )
  })
  it('J2: a cookie token when the first alternative fails (A10); only its variable is set (A12)', async () => {
    const token = await sign({ alg: 'HS256' }, { sub: 'cookie-user' }, keys.secret)
    const res = await get('/api/either', { Cookie: `theme=dark; session=${token}` })
    expect(res.status, res.body).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ sub: 'cookie-user' })
  })
  it('J2, J10: a query token with scopes from a custom scope claim', async () => {
    const token = await sign({ alg: 'HS256' }, { scp: ['read', 'admin'] }, keys.secret)
    expect((await get(`/api/query?access_token=${token}`)).status).toBe(200)
    await rejected(`/api/query?access_token=${await sign({ alg: 'HS256' }, { scp: 'read' }, keys.secret)}`, {}, [
      'JWT Security (Query): Missing scope admin',
    ])
  })
  it('J10: all scopes of the requirement are needed; extra scopes are fine', async () => {
    const token = await sign({ alg: 'HS256' }, { ...good(), scope: 'orders:read profile orders:write' }, keys.secret)
    expect((await get('/api/hs', bearer(token), 'POST')).status).toBe(200)
  })
})

describe('the JWT attack catalog: 403 / 3206 with the J8 reason', () => {
  it('alg none', async () => {
    await rejected('/api/hs', bearer(unsigned(good())), ['JWT Security (Hs): Invalid JWT: algorithm none not accepted'])
  })
  it('HS256 signed with the RS256 public key as secret', async () => {
    const token = await hmacWith(Buffer.from(keys.rsa.pem), good())
    await rejected('/api/rs', bearer(token), ['JWT Security (Rs): Invalid JWT: algorithm HS256 not accepted'])
  })
  it('an algorithm name in the wrong case', async () => {
    const token = await sign({ alg: 'HS256' }, good(), keys.secret)
    const [, payload, signature] = token.split('.')
    const lower = `${Buffer.from('{"alg":"hs256"}').toString('base64url')}.${payload}.${signature}`
    await rejected('/api/hs', bearer(lower), ['JWT Security (Hs): Invalid JWT: algorithm hs256 not accepted'])
  })
  it('an expired token, also when exp is the current second', async () => {
    await rejected(
      '/api/hs',
      bearer(await sign({ alg: 'HS256' }, { ...good(), exp: nowSeconds() - 60 }, keys.secret)),
      ['JWT Security (Hs): Invalid JWT: Token has expired.'],
    )
    await rejected('/api/hs', bearer(await sign({ alg: 'HS256' }, { ...good(), exp: nowSeconds() }, keys.secret)), [
      'JWT Security (Hs): Invalid JWT: Token has expired.',
    ])
  })
  it('a token that is not yet valid', async () => {
    await rejected(
      '/api/hs',
      bearer(await sign({ alg: 'HS256' }, { ...good(), nbf: nowSeconds() + 120 }, keys.secret)),
      ['JWT Security (Hs): Invalid JWT: token is not yet valid'],
    )
  })
  it('a wrong iss, a wrong aud, a claim of the wrong value', async () => {
    await rejected(
      '/api/hs',
      bearer(await sign({ alg: 'HS256' }, { ...good(), iss: 'https://evil.example.net' }, keys.secret)),
      ['JWT Security (Hs): Invalid JWT: claim iss does not match'],
    )
    await rejected('/api/hs', bearer(await sign({ alg: 'HS256' }, { ...good(), aud: ['other'] }, keys.secret)), [
      'JWT Security (Hs): Invalid JWT: claim aud does not match',
    ])
    await rejected('/api/hs', bearer(await sign({ alg: 'HS256' }, { ...good(), tier: 3 }, keys.secret)), [
      'JWT Security (Hs): Invalid JWT: claim tier does not match',
    ])
  })
  it('a tampered payload', async () => {
    const token = await sign({ alg: 'RS256' }, good(), keys.rsa.privateKey)
    await rejected('/api/rs', bearer(tamper(token, { ...good(), sub: 'admin' })), [
      'JWT Security (Rs): Invalid JWT: signature verification failed',
    ])
  })
  it('a truncated token', async () => {
    const token = await sign({ alg: 'RS256' }, good(), keys.rsa.privateKey)
    await rejected('/api/rs', bearer(token.slice(0, token.lastIndexOf('.'))), [
      'JWT Security (Rs): Invalid JWT: malformed token',
    ])
    await rejected('/api/rs', bearer(token.slice(0, -4)), [
      'JWT Security (Rs): Invalid JWT: signature verification failed',
    ])
  })
  it('a token in the wrong place', async () => {
    const token = await sign({ alg: 'RS256' }, good(), keys.rsa.privateKey)
    await rejected(`/api/rs?access_token=${token}`, {}, ['JWT Security (Rs): No Authorization header sent'])
    await rejected('/api/rs', { 'X-Token': token }, ['JWT Security (Rs): No Authorization header sent'])
  })
  it('a missing scope', async () => {
    const token = await sign({ alg: 'HS256' }, { ...good(), scope: 'orders:read' }, keys.secret)
    const res = await get('/api/hs', bearer(token), 'POST')
    expect(res.status).toBe(403)
    expect(res.json().error.info).toEqual(['JWT Security (Hs): Missing scope orders:write'])
  })
  it('a token signed by another key, offering that key in jwk/jku headers', async () => {
    const jwk = keys.attacker.publicKey.export({ format: 'jwk' })
    const token = await sign(
      { alg: 'RS256', jwk, jku: 'https://evil.example.net/jwks', kid: 'rsa-1' },
      good(),
      keys.attacker.privateKey,
    )
    await rejected('/api/rs', bearer(token), ['JWT Security (Rs): Invalid JWT: signature verification failed'])
  })
  it('J5a: a family member the key cannot verify (ES384 against a P-256 key)', async () => {
    await rejected('/api/es', bearer(await sign({ alg: 'ES384' }, good(), keys.p384.privateKey)), [
      'JWT Security (Es): Invalid JWT: signature verification failed',
    ])
  })
  it('J2: Bearer without a token is malformed, another scheme word is not a Bearer token', async () => {
    await rejected('/api/rs', { Authorization: 'Bearer' }, ['JWT Security (Rs): Invalid JWT: malformed token'])
    await rejected('/api/rs', { Authorization: 'Token abc' }, [
      'JWT Security (Rs): Authorization header is not a Bearer token',
    ])
  })
  it('A14: every failing alternative is reported, in order', async () => {
    await rejected('/api/either', {}, [
      'JWT Security (Rs): No Authorization header sent',
      'JWT Security (Session): No Cookie header sent',
    ])
    await rejected('/api/either', { Cookie: 'theme=dark' }, [
      'JWT Security (Rs): No Authorization header sent',
      'JWT Security (Session): No session cookie sent',
    ])
  })
  it('J15, A16: the alert lines carry the reasons, never a token or a key', async () => {
    const token = await sign({ alg: 'HS256' }, { ...good(), exp: 1 }, keys.secret)
    await rejected('/api/hs', bearer(token), ['JWT Security (Hs): Invalid JWT: Token has expired.'])
    const alert = await gateway.waitForLog(
      (line) => line['type'] === 'svc_alert' && JSON.stringify(line['info']).includes('Token has expired.'),
    )
    expect(alert).toMatchObject({ topic: 'security', code: 3206, status: 403 })
    const secrets = [token, keys.secretText, keys.rsa.pem.split('\n')[1]!]
    for (const line of gateway.logLines) for (const secret of secrets) expect(line).not.toContain(secret)
  })
})

describe('post-check flows (J13, F-KIND-6)', () => {
  const custom = async (sub: string) =>
    get('/api/post-check', { 'X-Token': `Bearer ${await sign({ alg: 'HS256' }, { sub }, keys.secret)}` })
  it('reaching the end lets the scheme pass; status and variables are shared with the handler', async () => {
    const res = await custom('42')
    expect(res.status).toBe(201)
    expect(JSON.parse(res.body)).toEqual({ sub: '42' })
  })
  it('break and return end only the post-check flow', async () => {
    expect((await custom('brk')).status).toBe(201)
    expect((await custom('ret')).status).toBe(201)
  })
  it('a terminating action ends the request with its response', async () => {
    const res = await custom('stop')
    expect(res.status).toBe(418)
    expect(res.body).toBe('stopped by the post-check flow')
  })
  it('a raised error keeps its own code (not 3206) and runs the error flow', async () => {
    const res = await custom('not-a-number')
    expect(res.status).toBe(500)
    expect(res.json().error.code).toBe(5001)
  })
  it('a post-check flow does not run when its scheme fails', async () => {
    const res = await get('/api/post-check', { 'X-Token': 'nope' })
    expect(res.status).toBe(403)
  })
})

describe('keys from a JWKS URL (J16)', () => {
  it('selects by kid, tries every fitting key without one, fetches once and caches', async () => {
    const before = jwksFetches
    expect(
      (await get('/api/jwks', bearer(await sign({ alg: 'RS256', kid: 'rsa-1' }, good(), keys.rsa.privateKey)))).status,
    ).toBe(200)
    expect((await get('/api/jwks', bearer(await sign({ alg: 'ES256' }, good(), keys.p256.privateKey)))).status).toBe(
      200,
    )
    expect((await get('/api/jwks', bearer(await sign({ alg: 'RS256' }, good(), keys.rsa.privateKey)))).status).toBe(200)
    expect(jwksFetches - before).toBeLessThanOrEqual(1)
  })
  it('an unknown kid, a key of another type, or an ignored entry: no matching key', async () => {
    await rejected('/api/jwks', bearer(await sign({ alg: 'RS256', kid: 'unknown' }, good(), keys.rsa.privateKey)), [
      'JWT Security (Jwks): Invalid JWT: no matching key',
    ])
    await rejected('/api/jwks', bearer(await sign({ alg: 'RS256', kid: 'enc-1' }, good(), keys.attacker.privateKey)), [
      'JWT Security (Jwks): Invalid JWT: no matching key',
    ])
    await rejected('/api/jwks', bearer(await sign({ alg: 'EdDSA' }, good(), keys.ed25519.privateKey)), [
      'JWT Security (Jwks): Invalid JWT: no matching key',
    ])
  })
  it('J5: an HMAC token is not accepted with a JWKS URL', async () => {
    await rejected('/api/jwks', bearer(await sign({ alg: 'HS256', kid: 'oct-1' }, good(), keys.secret)), [
      'JWT Security (Jwks): Invalid JWT: algorithm HS256 not accepted',
    ])
  })
  it('a signature by another key with a listed kid fails', async () => {
    await rejected('/api/jwks', bearer(await sign({ alg: 'RS256', kid: 'rsa-1' }, good(), keys.attacker.privateKey)), [
      'JWT Security (Jwks): Invalid JWT: signature verification failed',
    ])
  })
  it('an unreachable key set: JWKS unavailable, the cause only in a debug line', async () => {
    await rejected('/api/jwks-down', bearer(await sign({ alg: 'RS256' }, good(), keys.rsa.privateKey)), [
      'JWT Security (JwksDown): JWKS unavailable',
    ])
    const debug = await gateway.waitForLog(
      (line) =>
        line['type'] === 'svc_debug' &&
        String(line['message']).startsWith('JWKS fetch from http://127.0.0.1:1/jwks failed'),
    )
    expect(debug).toMatchObject({ topic: 'security', level: 'error' })
  })
})

describe('configuration errors (J4, J5a, 3211)', () => {
  it('an unset env key raises 3211, not a security violation', async () => {
    const res = await get('/api/unset', bearer(await sign({ alg: 'HS256' }, good(), keys.secret)))
    expect(res.status).toBe(500)
    expect(res.json().error).toMatchObject({
      code: 3211,
      info: ['Environment variable UNSET_KEY is not set (security scheme Unset, x-svc-jwt.key)'],
    })
  })
  it('an env key that does not fit the algorithm raises 3211 without the key', async () => {
    const res = await get('/api/bad-env-key', {})
    expect(res.status).toBe(500)
    expect(res.json().error.info).toEqual([
      'Environment variable HS_KEY is not a public key in PEM (SPKI) form, as RS256 needs (security scheme BadEnvKey, x-svc-jwt.key)',
    ])
    expect(res.body).not.toContain(keys.secretText)
  })
  it('CL9: the server refuses to start when a key file of the site copy is missing', async () => {
    rmSync(join(outDir, 'site', 'keys', 'p256.pem'))
    await expect(startBundle(outDir, { HS_KEY: keys.secretText })).rejects.toThrow(
      /server exited with 1 before listening[\s\S]*security scheme Es, x-svc-jwt.key: file keys\/p256.pem cannot be read/,
    )
  })
})
