/**
 * Reading a JWT (security.md J2) and step 1 of J7 (the compact form, checked before any signature
 * work), the J8 display of a rejected `alg`, claims (J9) and scopes (J10).
 */
import { describe, expect, it } from 'vitest'

import { claimMatches, missingScope } from '../../../../runtime/auth/claims.js'
import type { TokenPlace } from '../../../../runtime/auth/config.js'
import { parseCompactJws } from '../../../../runtime/auth/jws.js'
import { displayAlg } from '../../../../runtime/auth/jwt-scheme.js'
import { readToken } from '../../../../runtime/auth/token-source.js'
import type { ClientRequest } from '../../../../runtime/context/flow-context.js'
import { parseJson } from '../../../../runtime/oxn/parse-json.js'
import { JsonObject } from '../../../../runtime/values/json-value.js'

const b64 = (text: string) => Buffer.from(text).toString('base64url')
const jws = (header: string, payload: string, signature = 'c2ln') => `${b64(header)}.${b64(payload)}.${signature}`

function request(headers: [string, string][], query: string | null = null): ClientRequest {
  return { headers: new Map(headers), query } as unknown as ClientRequest
}

describe('readToken (J2)', () => {
  const AUTH: TokenPlace = { in: 'authorization' }
  const COOKIE: TokenPlace = { in: 'cookie', cookie: 'shop_session' }
  const HEADER: TokenPlace = { in: 'header', header: 'X-Token' }
  const QUERY: TokenPlace = { in: 'query', name: 'access_token' }
  const CASES: [string, TokenPlace, ClientRequest, ReturnType<typeof readToken>][] = [
    [
      'Bearer, any case, several spaces',
      AUTH,
      request([['authorization', 'bEaReR   abc.def.ghi']]),
      { token: 'abc.def.ghi' },
    ],
    ['no Authorization header', AUTH, request([]), { missing: 'No Authorization header sent' }],
    [
      'another scheme',
      AUTH,
      request([['authorization', 'Basic abc']]),
      { missing: 'Authorization header is not a Bearer token' },
    ],
    [
      'Bearerxyz is not a Bearer token',
      AUTH,
      request([['authorization', 'Bearerxyz']]),
      { missing: 'Authorization header is not a Bearer token' },
    ],
    ['Bearer with nothing after it is an empty token', AUTH, request([['authorization', 'Bearer']]), { token: '' }],
    ['the named cookie', COOKIE, request([['cookie', 'a=1; shop_session=tok; b=2']]), { token: 'tok' }],
    ['no Cookie header', COOKIE, request([]), { missing: 'No Cookie header sent' }],
    ['another cookie only', COOKIE, request([['cookie', 'other=1']]), { missing: 'No shop_session cookie sent' }],
    ['an empty cookie is an empty token', COOKIE, request([['cookie', 'shop_session=']]), { token: '' }],
    [
      'the first cookie of a name (R7)',
      COOKIE,
      request([['cookie', 'shop_session=one; shop_session=two']]),
      { token: 'one' },
    ],
    ['another header as is', HEADER, request([['x-token', 'abc']]), { token: 'abc' }],
    ['another header without its Bearer prefix', HEADER, request([['x-token', 'Bearer abc']]), { token: 'abc' }],
    ['another header missing, named as configured', HEADER, request([]), { missing: 'No X-Token header sent' }],
    [
      'the query parameter, its last occurrence',
      QUERY,
      request([], 'access_token=one&x=1&access_token=two'),
      { token: 'two' },
    ],
    ['the query parameter decoded', QUERY, request([], 'access_token=a%2Eb'), { token: 'a.b' }],
    ['no query parameter', QUERY, request([], 'x=1'), { missing: 'No access_token query parameter sent' }],
    ['no query at all', QUERY, request([]), { missing: 'No access_token query parameter sent' }],
    ['an empty query value is an empty token', QUERY, request([], 'access_token='), { token: '' }],
  ]
  it.each(CASES)('%s', (_, place, given, want) => expect(readToken(place, given)).toEqual(want))
})

describe('parseCompactJws (J7 step 1)', () => {
  const VALID = jws('{"alg":"HS256","kid":"k1"}', '{"sub":"u1","exp":1700000000,"nbf":1600000000.5}')
  it('parses header, payload and the numeric claims', () => {
    expect(parseCompactJws(VALID)).toMatchObject({ alg: 'HS256', kid: 'k1', exp: 1700000000, nbf: 1600000000.5 })
    expect(parseCompactJws(VALID)!.payload.keys).toEqual(['sub', 'exp', 'nbf'])
  })
  it('accepts an empty signature, so that alg none reaches step 2', () => {
    expect(parseCompactJws(jws('{"alg":"none"}', '{}', ''))?.alg).toBe('none')
  })
  const MALFORMED: [string, string][] = [
    ['empty', ''],
    ['two parts', `${b64('{"alg":"HS256"}')}.${b64('{}')}`],
    ['four parts', `${VALID}.x`],
    ['an empty header', `.${b64('{}')}.sig`],
    ['an empty payload', `${b64('{"alg":"HS256"}')}..sig`],
    ['padding', `${b64('{"alg":"HS256"}')}=.${b64('{}')}.sig`],
    ['standard base64 characters', `${b64('{"alg":"HS256"}')}.${b64('{}')}.si/g`],
    ['a header that is no JSON', jws('alg', '{}')],
    ['a header that is an array', jws('["HS256"]', '{}')],
    ['a payload that is a string', jws('{"alg":"HS256"}', '"x"')],
    [
      'a payload that is not UTF-8',
      `${b64('{"alg":"HS256"}')}.${Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')}.sig`,
    ],
    ['alg missing', jws('{"typ":"JWT"}', '{}')],
    ['alg not a string', jws('{"alg":256}', '{}')],
    ['a crit header', jws('{"alg":"HS256","crit":["exp"]}', '{}')],
    ['a b64 header', jws('{"alg":"HS256","b64":false}', '{}')],
    ['exp not a number', jws('{"alg":"HS256"}', '{"exp":"1700000000"}')],
    ['nbf not a number', jws('{"alg":"HS256"}', '{"nbf":null}')],
    ['a truncated part (remainder 1)', `${b64('{"alg":"HS256"}')}.${b64('{"a":1}').slice(0, 5)}.sig`],
  ]
  it.each(MALFORMED)('malformed: %s', (_, token) => expect(parseCompactJws(token)).toBeNull())
})

describe('displayAlg (J8 step 2)', () => {
  it('cuts to 20 characters and replaces control characters', () => {
    expect(displayAlg('none')).toBe('none')
    expect(displayAlg('A'.repeat(25))).toBe(`${'A'.repeat(20)}...`)
    expect(displayAlg('HS\n256\u0000')).toBe('HS?256?')
  })
})

describe('claims (J9) and scopes (J10)', () => {
  const payload = parseJson(
    '{"iss":"https://a","aud":["x","y"],"n":42,"f":1.50,"b":true,"o":{"a":1},"z":null,"scope":"read  write","scp":["a","b"],"bad":["a",1]}',
  ) as JsonObject
  const CASES: [string, string, string, boolean][] = [
    ['a string claim', 'iss', 'https://a', true],
    ['another string', 'iss', 'https://b', false],
    ['an array contains the value', 'aud', 'y', true],
    ['an array without the value', 'aud', 'z', false],
    ['a number by its JSON text', 'n', '42', true],
    ['a number keeps its literal', 'f', '1.50', true],
    ['a number keeps its literal (no normalising)', 'f', '1.5', false],
    ['a boolean by its text', 'b', 'true', true],
    ['an object never matches', 'o', '{"a":1}', false],
    ['null never matches', 'z', 'null', false],
    ['a missing claim', 'sub', 'x', false],
  ]
  it.each(CASES)('J9: %s', (_, name, expected, want) => expect(claimMatches(payload.get(name), expected)).toBe(want))
  it('J10: scopes from a whitespace-separated string or an array; the first missing in requirement order', () => {
    expect(missingScope(payload, 'scope', ['write', 'read'])).toBeNull()
    expect(missingScope(payload, 'scope', ['read', 'admin', 'root'])).toBe('admin')
    expect(missingScope(payload, 'scp', ['b'])).toBeNull()
    expect(missingScope(payload, 'missing', [])).toBeNull()
    expect(missingScope(payload, 'missing', ['read'])).toBe('read')
    expect(missingScope(payload, 'n', ['read'])).toBe('read')
    expect(missingScope(payload, 'bad', ['a'])).toBe('a')
    expect(missingScope(new JsonObject([], []), 'scope', ['x'])).toBe('x')
  })
})
