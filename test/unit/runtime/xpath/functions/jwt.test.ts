/**
 * JWT functions (xpath-functions.md 10.9, FN-jwt-encode-1..5, FN-jwt-decode-1..6; security.md J5):
 * the spec's example token, expiry handling, every algorithm family against node:crypto and tokens
 * made by jose (an independent implementation), and every failure of the decode order (the empty
 * sequence with a debug message).
 */
import { createHmac, generateKeyPairSync, type KeyObject, verify } from 'node:crypto'

import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { run, single, values } from './helpers.js'

const SECRET = 'c2VjcmV0' // "secret" in Base64url

let rsa: { privateKey: KeyObject; publicKey: KeyObject }
let ec: { privateKey: KeyObject; publicKey: KeyObject }
let ec384: { privateKey: KeyObject; publicKey: KeyObject }
let keys: Record<string, string>

beforeAll(() => {
  rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  ec384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' })
  const bare = (key: KeyObject): string => (key.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64')
  keys = {
    rsaPrivate: rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    rsaPublic: bare(rsa.publicKey),
    ecPrivate: ec.privateKey.export({ format: 'pem', type: 'sec1' }) as string,
    ecPublic: bare(ec.publicKey),
    ec384Public: bare(ec384.publicKey),
  }
})

function segments(token: string): [Record<string, unknown>, Record<string, unknown>, Buffer] {
  const [header, payload, signature] = token.split('.')
  return [
    JSON.parse(Buffer.from(header!, 'base64url').toString()),
    JSON.parse(Buffer.from(payload!, 'base64url').toString()),
    Buffer.from(signature!, 'base64url'),
  ]
}

function hs256(claims: object, header: object = { alg: 'HS256', typ: 'JWT' }, secret = 'secret'): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`
}

describe('jwt-encode (FN-jwt-encode-1..5)', () => {
  it('FN-jwt-encode-3 the example token', () => {
    expect(values(`jwt-encode('{"sub":"u-5"}', '${SECRET}')`)).toEqual([
      'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTUifQ.FNgwQz_tzR0OfZC9FybNRnrdPcLOjypc1FJL7ac_qyM',
    ])
  })

  it('FN-jwt-encode-1 claims from nodes: an OXN object, a document, an untyped element', () => {
    const want = values(`jwt-encode('{"sub":"x","n":1.50}', '${SECRET}')`)
    expect(values(`jwt-encode(json-parse('{"sub":"x","n":1.50}'), '${SECRET}')`)).toEqual(want)
    expect(values(`jwt-encode(json-to-xml('{"sub":"x","n":1.50}'), '${SECRET}')`)).toEqual(want)
    expect(values(`jwt-encode(xml-parse('<c><sub>x</sub><n>1.50</n></c>')/c, '${SECRET}')`)).toEqual(want)
  })

  it('FN-jwt-encode-2 a positive ttl sets exp (appended, or replaced in place)', () => {
    // values() compares two evaluations: a second that turns between them would change `exp`
    vi.useFakeTimers({ toFake: ['Date'] })
    let appended: string | undefined
    let replaced: string | undefined
    let before: number
    let after: number
    try {
      before = Math.floor(Date.now() / 1000)
      ;[appended] = values(`jwt-encode('{"sub":"a"}', '${SECRET}', 900.7)`) as string[]
      ;[replaced] = values(`jwt-encode('{"exp":1,"sub":"a"}', '${SECRET}', 60)`) as string[]
      after = Math.floor(Date.now() / 1000)
    } finally {
      vi.useRealTimers()
    }
    const payload = segments(appended!)[1]
    expect(Object.keys(payload)).toEqual(['sub', 'exp'])
    expect(payload.exp).toBeGreaterThanOrEqual(before + 900)
    expect(payload.exp).toBeLessThanOrEqual(after + 900)
    const second = segments(replaced!)[1]
    expect(Object.keys(second)).toEqual(['exp', 'sub'])
    expect(second.exp).toBeGreaterThanOrEqual(before + 60)
  })

  it('FN-jwt-encode-2 ttl 0, negative or NaN adds nothing; an existing exp stays', () => {
    for (const ttl of ['0', '-5', "number('x')"]) {
      expect(segments(values(`jwt-encode('{"exp":7}', '${SECRET}', ${ttl})`)[0] as string)[1]).toEqual({ exp: 7 })
    }
  })

  it('FN-jwt-encode-3 the header and HMAC for HS384 and HS512', () => {
    for (const alg of ['HS384', 'HS512']) {
      const [token] = values(`jwt-encode('{"a":1}', '${SECRET}', 0, '${alg}')`) as string[]
      const [header, , signature] = segments(token!)
      expect(token!.split('.')[0]).toBe(Buffer.from(`{"typ":"JWT","alg":"${alg}"}`).toString('base64url'))
      expect(header).toEqual({ typ: 'JWT', alg })
      const input = token!.split('.').slice(0, 2).join('.')
      expect(signature).toEqual(
        createHmac(`sha${alg.slice(2)}`, 'secret')
          .update(input)
          .digest(),
      )
    }
  })

  it('FN-jwt-encode-4 RS, PS and ES algorithms verify with node:crypto', () => {
    for (const [alg, verifyKey, options] of [
      ['RS256', rsa.publicKey, {}],
      ['PS384', rsa.publicKey, { padding: 6, saltLength: 48 }],
      ['ES256', ec.publicKey, { dsaEncoding: 'ieee-p1363' }],
    ] as const) {
      const key = alg === 'ES256' ? keys.ecPrivate : keys.rsaPrivate
      const [token] = single(`jwt-encode('{"a":1}', $key, 0, '${alg}')`, { vars: { key: [key!] } }).values as string[]
      const [header, payload, signature] = segments(token!)
      expect(header).toEqual({ typ: 'JWT', alg })
      expect(payload).toEqual({ a: 1 })
      const input = Buffer.from(token!.split('.').slice(0, 2).join('.'))
      expect(verify(`sha${alg.slice(2)}`, input, { key: verifyKey, ...options }, signature), alg).toBe(true)
    }
  })

  it('FN-jwt-encode-5 failures are RW and ""', () => {
    const cases: [string, string][] = [
      [`jwt-encode('[1]', '${SECRET}')`, 'jwt-encode(): the claims are not a JSON object'],
      [`jwt-encode('{', '${SECRET}')`, 'jwt-encode(): the claims are not a JSON object'],
      [`jwt-encode((), '${SECRET}')`, 'jwt-encode(): the claims are not a JSON object'],
      [`jwt-encode('{}', '')`, 'jwt-encode(): the secret is empty'],
      [
        `jwt-encode('{}', '${SECRET}', 0, concat('HS', '999'))`,
        'jwt-encode(): unknown JWT algorithm "HS999"; expected one of HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512',
      ],
      [`jwt-encode('{}', 'bm90IGEga2V5', 0, 'RS256')`, 'jwt-encode(): unreadable private key'],
      [`jwt-encode('{}', $ec, 0, 'RS256')`, 'jwt-encode(): RS256 needs an RSA key, not ec'],
      [`jwt-encode('{}', $ec, 0, 'ES384')`, 'jwt-encode(): ES384 needs an EC key on secp384r1'],
    ]
    for (const [expr, message] of cases)
      expect(run(expr, { vars: { ec: [keys.ecPrivate!] } }), expr).toEqual({
        values: [''],
        messages: [`warn [eval] ${message}`],
      })
  })
})

describe('jwt-decode (FN-jwt-decode-1..6)', () => {
  it('FN-jwt-decode-6 the payload root element of a valid HS256 token', () => {
    const token = hs256({ sub: 'u-5', roles: ['a'] })
    expect(run(`jwt-decode($t, '${SECRET}')/sub/string()`, { vars: { t: [token] } })).toEqual({
      values: ['u-5'],
      messages: [],
    })
    expect(values(`name(jwt-decode($t, '${SECRET}'))`, { vars: { t: [token] } })).toEqual(['json'])
  })

  it('FN-jwt-decode-4 the secret in Base64url; padding, + and / accepted', () => {
    const secret = Buffer.from([0xfb, 0xff, 0xbf])
    const input = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"a":1}').toString('base64url')}`
    const token = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`
    for (const key of ['-_-_', '+/+/', '-_-_'])
      expect(values('string(jwt-decode($t, $k)/a)', { vars: { t: [token], k: [key] } }), key).toEqual(['1'])
  })

  it('round trip with jwt-encode for every family', () => {
    for (const [alg, sign, check, restriction] of [
      ['HS512', SECRET, SECRET, 'HS'],
      ['RS256', keys.rsaPrivate, keys.rsaPublic, 'RS'],
      ['PS512', keys.rsaPrivate, keys.rsaPublic, 'PS512'],
      ['ES256', keys.ecPrivate, keys.ecPublic, 'ES'],
    ] as const) {
      const outcome = single(
        `jwt-decode(jwt-encode('{"sub":"r"}', $sign, 60, '${alg}'), $check, '${restriction}')/sub/string()`,
        { vars: { sign: [sign!], check: [check!] } },
      )
      expect(outcome, alg).toEqual({ values: ['r'], messages: [] })
    }
  })

  it('accepts tokens made by jose', async () => {
    const rs = await new SignJWT({ sub: 'jose' })
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime('5m')
      .sign(rsa.privateKey)
    const es = await new SignJWT({ sub: 'jose' }).setProtectedHeader({ alg: 'ES256' }).sign(ec.privateKey)
    const hs = await new SignJWT({ sub: 'jose' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore('0s')
      .sign(Buffer.from('secret'))
    expect(values("jwt-decode($t, $k, 'RS256')/sub/string()", { vars: { t: [rs], k: [keys.rsaPublic!] } })).toEqual([
      'jose',
    ])
    expect(values("jwt-decode($t, $k, 'ES')/sub/string()", { vars: { t: [es], k: [keys.ecPublic!] } })).toEqual([
      'jose',
    ])
    expect(values(`jwt-decode($t, '${SECRET}')/sub/string()`, { vars: { t: [hs] } })).toEqual(['jose'])
  })

  it('FN-jwt-decode-5 each failed check is the empty sequence with a debug message', () => {
    const now = Math.floor(Date.now() / 1000)
    const rsToken = single(`jwt-encode('{"a":1}', $k, 0, 'RS256')`, { vars: { k: [keys.rsaPrivate!] } })
      .values[0] as string
    const esToken = single(`jwt-encode('{"a":1}', $k, 0, 'ES256')`, { vars: { k: [keys.ecPrivate!] } })
      .values[0] as string
    const cases: [string, string, string, string?][] = [
      ['not three segments', 'a.b', 'not a compact JWS (three segments)'],
      ['header not Base64url', 'a!.b.c', 'the header is not Base64url'],
      ['header not JSON', `${Buffer.from('nope').toString('base64url')}.e30.x`, 'the header is not JSON'],
      ['alg none', hs256({}, { alg: 'none' }), 'algorithm none is not accepted'],
      ['unknown alg', hs256({}, { alg: 'HS1' }), 'algorithm HS1 is not accepted'],
      ['RS without the parameter', rsToken, 'algorithm RS256 is not allowed (HS)'],
      ['RS restricted to RS384', rsToken, 'algorithm RS256 is not allowed (RS384)', 'RS384'],
      ['wrong signature', hs256({ a: 1 }, undefined, 'other'), 'invalid signature'],
      ['payload not an object', hs256([1] as unknown as object), 'the payload is not a JSON object'],
      ['expired', hs256({ exp: now - 1 }), 'the token has expired'],
      ['exp now (no leeway)', hs256({ exp: now }), 'the token has expired'],
      ['exp not a number', hs256({ exp: String(now + 60) }), 'exp is not a number'],
      ['not valid yet', hs256({ nbf: now + 60 }), 'the token is not valid yet'],
      ['empty secret', hs256({}), 'the secret is empty', 'HS'],
      ['ES key on the wrong curve', esToken, 'ES256 needs an EC key on prime256v1', 'ES'],
    ]
    for (const [what, token, reason, restriction] of cases) {
      const key =
        what === 'empty secret'
          ? "''"
          : what.startsWith('ES')
            ? '$ec384'
            : what.startsWith('RS')
              ? '$rsa'
              : `'${SECRET}'`
      const call = restriction === undefined ? `jwt-decode($t, ${key})` : `jwt-decode($t, ${key}, '${restriction}')`
      expect(run(call, { vars: { t: [token], ec384: [keys.ec384Public!], rsa: [keys.rsaPublic!] } }), what).toEqual({
        values: [],
        messages: [`debug [eval] jwt-decode(): ${reason}`],
      })
    }
  })

  it('FN-jwt-decode-5 nbf in the past and exp in the future pass', () => {
    const now = Math.floor(Date.now() / 1000)
    expect(values(`count(jwt-decode($t, '${SECRET}'))`, { vars: { t: [hs256({ nbf: now, exp: now + 60 })] } })).toEqual(
      [1],
    )
  })
})
