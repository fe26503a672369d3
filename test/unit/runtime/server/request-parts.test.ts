/**
 * The pure parts of PL1: request target (P16), query/form decoding (R6), cookies (R7), header
 * decoding (R1, R5), host/port/url (R9) and request ids (LG2).
 */
import { describe, expect, it } from 'vitest'

import { parseCookies } from '../../../../runtime/http/cookies.js'
import { decodeFormComponent, parseFormEncoded } from '../../../../runtime/http/form-decoding.js'
import { parseRequestTarget } from '../../../../runtime/http/request-target.js'
import { collectHeaders } from '../../../../runtime/server/request-headers.js'
import { RequestIdSource } from '../../../../runtime/server/request-id.js'
import { resolveOrigin } from '../../../../runtime/server/request-origin.js'

/** One character per byte, as node hands over the wire. */
const wire = (text: string) => Buffer.from(text, 'utf8').toString('latin1')

const TARGETS: [string, string, unknown][] = [
  ['P16 origin form', '/a/b?x=1', { path: '/a/b', query: 'x=1', authority: null }],
  ['R11 bare ? means no query', '/a?', { path: '/a', query: null, authority: null }],
  ['R11 no query', '/a', { path: '/a', query: null, authority: null }],
  ['P16 absolute form', 'http://Example.com:81/p?q', { path: '/p', query: 'q', authority: 'Example.com:81' }],
  ['P16 absolute form without path', 'http://h.example', { path: '/', query: null, authority: 'h.example' }],
  ['P16 absolute form with query only', 'http://h.example?z', { path: '/', query: 'z', authority: 'h.example' }],
  ['P16 valid escapes', '/a%2Fb/%C3%A4', { path: '/a%2Fb/%C3%A4', query: null, authority: null }],
  ['P16 unencoded UTF-8 becomes characters', wire('/ä?ö'), { path: '/ä', query: 'ö', authority: null }],
  ['P16 asterisk', '*', 'Invalid request target'],
  ['P16 not starting with /', 'a/b', 'Invalid request target'],
  ['P16 %zz', '/a%zz', 'Invalid percent-encoding in request path'],
  ['P16 % at the end', '/a%', 'Invalid percent-encoding in request path'],
  ['P16 %4 at the end', '/a%4', 'Invalid percent-encoding in request path'],
  ['P16 escape of invalid UTF-8', '/a%C3', 'Request path is not valid UTF-8'],
  ['P16 overlong UTF-8', '/%C0%AF', 'Request path is not valid UTF-8'],
  ['P16 raw invalid UTF-8 byte', '/a\xff', 'Request path is not valid UTF-8'],
  ['P16 the query is not checked', '/a?%zz', { path: '/a', query: '%zz', authority: null }],
]

describe('request target', () => {
  it.each(TARGETS)('%s', (_, target, want) => expect(parseRequestTarget(target)).toEqual(want))
})

const FORMS: [string, string, [string, string][]][] = [
  ['R6 plus is a space', 'a=b+c', [['a', 'b c']]],
  ['R6 escapes as UTF-8', 'n%C3%A4me=v%E2%82%AC', [['näme', 'v€']]],
  ['R6 invalid escape kept literally', 'a=%zz%4', [['a', '%zz%4']]],
  ['R6 invalid UTF-8 becomes U+FFFD', 'a=%FF', [['a', '\uFFFD']]],
  ['R6 flag without value', 'flag', [['flag', '']]],
  [
    'R6 duplicates are kept in order for the caller',
    'tag=a&tag=b',
    [
      ['tag', 'a'],
      ['tag', 'b'],
    ],
  ],
  [
    'R6 empty pairs are skipped',
    'a=1&&b=2&',
    [
      ['a', '1'],
      ['b', '2'],
    ],
  ],
  ['R6 value holds =', 'a=b=c', [['a', 'b=c']]],
  [
    'R6 names are literal',
    'a[]=1&a.b=2',
    [
      ['a[]', '1'],
      ['a.b', '2'],
    ],
  ],
]

describe('form decoding', () => {
  it.each(FORMS)('%s', (_, text, want) => expect(parseFormEncoded(text)).toEqual(want))
  it('R6 characters outside ASCII mixed with escapes', () => expect(decodeFormComponent('ä%C3%B6😀+')).toBe('äö😀 '))
})

const COOKIES: [string, string, [string, string][]][] = [
  [
    'R7 pairs and trimming',
    ' a = 1 ;b=2',
    [
      ['a', '1'],
      ['b', '2'],
    ],
  ],
  ['R7 quoted value unwrapped', 'a="x y"', [['a', 'x y']]],
  ['R7 split at the first =', 'a=b=c', [['a', 'b=c']]],
  ['R7 first occurrence wins', 'a=1; a=2', [['a', '1']]],
  ['R7 no percent-decoding', 'a=%41', [['a', '%41']]],
  [
    'decided: pair without = has an empty value',
    'a; b=1;;',
    [
      ['a', ''],
      ['b', '1'],
    ],
  ],
]

describe('cookies', () => {
  it.each(COOKIES)('%s', (_, header, want) => expect(parseCookies(header)).toEqual(want))
})

describe('headers', () => {
  it('R1 R5 names lower-cased, repeated joined in arrival order, first-arrival member order', () => {
    const headers = collectHeaders(['Accept', 'a', 'X-B', ' 1\t', 'ACCEPT', 'b', 'Cookie', 'x=1', 'cookie', 'y=2'])
    expect([...headers]).toEqual([
      ['accept', 'a, b'],
      ['x-b', '1'],
      ['cookie', 'x=1; y=2'],
    ])
  })

  it('R5 valid UTF-8 bytes decode as UTF-8, others as ISO-8859-1', () => {
    const headers = collectHeaders(['X-U', wire('grüße'), 'X-L', 'gr\xfc\xdfe'])
    expect(headers.get('x-u')).toBe('grüße')
    expect(headers.get('x-l')).toBe('grüße')
  })
})

const ORIGINS: [string, Record<string, string>, boolean, unknown][] = [
  [
    'R9 host lower-cased, port from Host',
    { host: 'Shop.Example:8080' },
    false,
    { host: 'shop.example', port: 8080, url: 'http://Shop.Example:8080/p?q=1' },
  ],
  [
    'R9 port 80 when absent',
    { host: 'a.example' },
    false,
    { host: 'a.example', port: 80, url: 'http://a.example/p?q=1' },
  ],
  ['R9 port 80 when not a number', { host: 'a.example:x' }, false, { host: 'a.example', port: 80 }],
  ['R9 port 80 when out of range', { host: 'a.example:70000' }, false, { host: 'a.example', port: 80 }],
  ['R9 IPv6 keeps brackets', { host: '[::1]:9' }, false, { host: '[::1]', port: 9 }],
  [
    'R9 forwarded headers ignored without trust',
    { host: 'a', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'b' },
    false,
    { host: 'a', port: 80, url: 'http://a/p?q=1' },
  ],
  [
    'R9 forwarded headers with SVC_TRUST_PROXY',
    { host: 'a', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'B.example, c' },
    true,
    { host: 'b.example', port: 443, url: 'https://B.example/p?q=1' },
  ],
  ['R9 no Host: the listening address', {}, false, { host: '10.0.0.1', port: 8081, url: 'http://10.0.0.1:8081/p?q=1' }],
]

describe('host, port, url', () => {
  it.each(ORIGINS)('%s', (_, headers, trustProxy, want) => {
    const origin = resolveOrigin({
      targetAuthority: null,
      headers: new Map(Object.entries(headers)),
      trustProxy,
      local: { localAddress: '10.0.0.1', localPort: 8081 },
      path: '/p',
      query: 'q=1',
    })
    expect(origin).toMatchObject(want as object)
  })

  it('R9 no Host on port 80 leaves the port out of url', () => {
    const origin = resolveOrigin({
      targetAuthority: null,
      headers: new Map(),
      trustProxy: false,
      local: { localAddress: '::1', localPort: 80 },
      path: '/',
      query: null,
    })
    expect(origin).toEqual({ host: '[::1]', port: 80, url: 'http://[::1]/' })
  })

  it('P16 the absolute-form authority replaces Host', () => {
    const origin = resolveOrigin({
      targetAuthority: 'x.example:81',
      headers: new Map([['host', 'y']]),
      trustProxy: false,
      local: {},
      path: '/',
      query: null,
    })
    expect(origin).toEqual({ host: 'x.example', port: 81, url: 'http://x.example:81/' })
  })
})

describe('request ids', () => {
  it('LG2 uid: 22 characters of base64url, all different', () => {
    const ids = new RequestIdSource('uid', false)
    const seen = new Set<string>()
    for (let i = 0; i < 600; i++) seen.add(ids.next(undefined))
    expect(seen.size).toBe(600)
    for (const id of seen) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('LG2 uuid4: lower-case RFC 4122 version 4', () => {
    expect(new RequestIdSource('uuid4', false).next(undefined)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  const TRUSTED: [string, boolean, string, boolean][] = [
    ['LG2 trusted valid id is used', true, 'abc.DEF_1:2@x-y', true],
    ['LG2 incoming id ignored without trust', false, 'abc', false],
    ['LG2 invalid characters ignored', true, 'a b', false],
    ['LG2 longer than 128 ignored', true, 'a'.repeat(129), false],
    ['LG2 exactly 128 used', true, 'a'.repeat(128), true],
  ]
  it.each(TRUSTED)('%s', (_, trust, incoming, used) => {
    expect(new RequestIdSource('uid', trust).next(incoming) === incoming).toBe(used)
  })
})
