/**
 * The client address for `client-ip` keys: trusted-proxy lists (CIDRs and addresses, IPv4 and IPv6,
 * IPv4-mapped peers), and the walk of `X-Forwarded-For` / `Forwarded` from the right that a client
 * cannot spoof by prepending addresses. Headers of an untrusted peer are never read.
 */
import { describe, expect, it } from 'vitest'

import { clientAddress, parseTrustedProxies, TrustedProxies } from '../../../../runtime/request-key/index.js'

function trustedOf(text: string): TrustedProxies {
  const trusted = parseTrustedProxies(text)
  if (typeof trusted === 'string') throw new Error(trusted)
  return trusted
}

describe('parseTrustedProxies', () => {
  const PROBLEMS: [string, string, string][] = [
    ['an IPv4 prefix over 32', '10.0.0.0/8, 10.0.0.0/33', 'invalid CIDR "10.0.0.0/33"'],
    ['an IPv6 prefix over 128', '::1/129', 'invalid CIDR "::1/129"'],
    ['an empty prefix', '10.0.0.0/', 'invalid CIDR "10.0.0.0/"'],
    ['a signed prefix', '10.0.0.0/-1', 'invalid CIDR "10.0.0.0/-1"'],
    ['a network that is no address', 'example.org/24', 'invalid CIDR "example.org/24"'],
    ['a short IPv4 address', '10.1.2', 'invalid address "10.1.2"'],
    ['a host name', 'proxy.internal', 'invalid address "proxy.internal"'],
  ]
  it.each(PROBLEMS)('reports %s', (_, text, want) => expect(parseTrustedProxies(text)).toBe(want))

  it.each(['', '  '])('trusts nobody for %j', (text) => {
    const trusted = trustedOf(text)
    expect(trusted.trusts('127.0.0.1')).toBe(false)
    expect(trusted.trusts('::1')).toBe(false)
  })

  const TRUSTED = trustedOf('10.0.0.0/8, 127.0.0.1, ::1/128, 2001:db8::/32,')
  const CASES: [string, string | undefined, boolean][] = [
    ['an IPv4 address in a CIDR', '10.200.3.4', true],
    ['an IPv4 address outside', '11.0.0.1', false],
    ['a bare IPv4 address', '127.0.0.1', true],
    ['its neighbour', '127.0.0.2', false],
    ['IPv6 loopback', '::1', true],
    ['IPv6 in a CIDR, upper case', '2001:DB8:1::5', true],
    ['IPv6 outside', '2001:db9::1', false],
    ['an IPv4-mapped socket address', '::ffff:127.0.0.1', true],
    ['an IPv4-mapped address outside', '::ffff:11.0.0.1', false],
    ['no address', undefined, false],
    ['garbage', 'localhost', false],
  ]
  it.each(CASES)('%s', (_, address, want) => expect(TRUSTED.trusts(address)).toBe(want))
})

describe('clientAddress', () => {
  const TRUSTED = trustedOf('10.0.0.0/8, 127.0.0.1, ::1')
  const CASES: [string, { peer: string | undefined; headers?: Record<string, string>; want: string }][] = [
    ['no peer', { peer: undefined, want: '' }],
    ['an empty peer', { peer: '', want: '' }],
    ['an untrusted peer', { peer: '203.0.113.9', want: '203.0.113.9' }],
    ['an untrusted mapped peer, normalised', { peer: '::ffff:203.0.113.9', want: '203.0.113.9' }],
    [
      'an untrusted peer: headers ignored',
      { peer: '203.0.113.9', headers: { 'x-forwarded-for': '198.51.100.7' }, want: '203.0.113.9' },
    ],
    ['a trusted peer without headers', { peer: '10.0.0.1', want: '10.0.0.1' }],
    ['one hop', { peer: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' }, want: '198.51.100.7' }],
    [
      'a trusted mapped peer',
      { peer: '::ffff:127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' }, want: '198.51.100.7' },
    ],
    [
      'spoofing: the client prepends a fake address',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' }, want: '198.51.100.7' },
    ],
    [
      'spoofing: the client prepends a trusted address',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.7' }, want: '198.51.100.7' },
    ],
    [
      'a chain of trusted proxies',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.5' }, want: '198.51.100.7' },
    ],
    [
      'every address trusted: the leftmost',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '10.0.0.7, 10.0.0.5' }, want: '10.0.0.7' },
    ],
    [
      'joined fields with empty entries',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': ',6.6.6.6,, 198.51.100.7 ,' }, want: '198.51.100.7' },
    ],
    ['an empty header', { peer: '10.0.0.1', headers: { 'x-forwarded-for': '' }, want: '10.0.0.1' }],
    [
      'unparsable where the client should be: the peer',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7, unknown' }, want: '10.0.0.1' },
    ],
    [
      'an IPv4 entry with a port',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7:5000' }, want: '198.51.100.7' },
    ],
    [
      'a bracketed IPv6 entry with a port',
      { peer: '::1', headers: { 'x-forwarded-for': '[2001:DB8::1]:443' }, want: '2001:db8::1' },
    ],
    [
      'a mapped entry',
      { peer: '10.0.0.1', headers: { 'x-forwarded-for': '::ffff:198.51.100.7' }, want: '198.51.100.7' },
    ],
    [
      'Forwarded: a quoted IPv6 node with a port',
      { peer: '10.0.0.1', headers: { forwarded: 'for="[2001:db8::1]:4711"' }, want: '2001:db8::1' },
    ],
    [
      'Forwarded: walked from the right, other parameters ignored',
      {
        peer: '10.0.0.1',
        headers: { forwarded: 'for=6.6.6.6, For=192.0.2.60;proto=http;by=203.0.113.43, for=10.0.0.5' },
        want: '192.0.2.60',
      },
    ],
    [
      'Forwarded: a trailing semicolon',
      { peer: '10.0.0.1', headers: { forwarded: 'proto=https;for=192.0.2.60;' }, want: '192.0.2.60' },
    ],
    ['Forwarded: unknown', { peer: '10.0.0.1', headers: { forwarded: 'for=unknown' }, want: '10.0.0.1' }],
    ['Forwarded: obfuscated', { peer: '10.0.0.1', headers: { forwarded: 'for=_hidden' }, want: '10.0.0.1' }],
    [
      'Forwarded: an element without for',
      { peer: '10.0.0.1', headers: { forwarded: 'for=192.0.2.60, proto=https' }, want: '10.0.0.1' },
    ],
    ['Forwarded: malformed', { peer: '10.0.0.1', headers: { forwarded: 'for=192.0.2.60 garbage' }, want: '10.0.0.1' }],
    [
      'X-Forwarded-For wins over Forwarded',
      {
        peer: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7', forwarded: 'for=192.0.2.60' },
        want: '198.51.100.7',
      },
    ],
  ]
  it.each(CASES)('%s', (_, { peer, headers = {}, want }) =>
    expect(clientAddress(peer, new Map(Object.entries(headers)), TRUSTED)).toBe(want),
  )

  it('reads no headers when nobody is trusted', () =>
    expect(clientAddress('127.0.0.1', new Map([['x-forwarded-for', '198.51.100.7']]), trustedOf(''))).toBe('127.0.0.1'))
})
