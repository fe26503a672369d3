/**
 * Origin parsing and matching (security.md O1-O4, O10-O12), including the spoofing catalog of the
 * CORS issue: look-alike hosts, the listed host as a prefix of another domain, `null`, mixed case,
 * default ports, several values, user information, paths.
 */
import { describe, expect, it } from 'vitest'

import { normaliseOrigins } from '../../../../compiler/emit/parts/cors.js'
import { type CorsPolicy, createCorsPolicy, originMatches, parseOrigin } from '../../../../runtime/cors/index.js'

function policy(allowed: string[]): CorsPolicy {
  return createCorsPolicy({
    ...normaliseOrigins(allowed),
    allowCredentials: false,
    maxAge: '7200',
    exposeHeaders: null,
  })
}

describe('parseOrigin (O10, O11)', () => {
  const CASES: [string, string, ReturnType<typeof parseOrigin>][] = [
    [
      'lower-cases scheme and host',
      'HTTPS://Shop.Example.ORG',
      { scheme: 'https', host: 'shop.example.org', port: '' },
    ],
    ['drops the https default port', 'https://a.example.org:443', { scheme: 'https', host: 'a.example.org', port: '' }],
    ['drops the http default port', 'http://a.example.org:80', { scheme: 'http', host: 'a.example.org', port: '' }],
    ['keeps another port', 'https://a.example.org:80', { scheme: 'https', host: 'a.example.org', port: '80' }],
    ['keeps an IPv6 literal in brackets', 'http://[::1]:8080', { scheme: 'http', host: '[::1]', port: '8080' }],
    ['accepts other schemes', 'chrome-extension://abcdef', { scheme: 'chrome-extension', host: 'abcdef', port: '' }],
    ['O11: null', 'null', null],
    ['O11: a trailing slash', 'https://a.example.org/', null],
    ['O11: a path', 'https://a.example.org/x', null],
    ['O11: a query', 'https://a.example.org?x', null],
    ['O11: a fragment', 'https://a.example.org#x', null],
    ['O11: user information', 'https://user@a.example.org', null],
    ['O11: two values joined (R5)', 'https://a.example.org, https://b.example.org', null],
    ['O11: port 0', 'https://a.example.org:0', null],
    ['O11: port above 65535', 'https://a.example.org:65536', null],
    ['decided: a port with leading zeros', 'https://a.example.org:0443', null],
    ['O11: an empty host', 'https://', null],
    ['O11: an empty label', 'https://a..example.org', null],
    ['O11: a trailing dot', 'https://a.example.org.', null],
    ['O11: a wildcard in a request', 'https://*.example.org', null],
  ]
  it.each(CASES)('%s', (_, text, want) => expect(parseOrigin(text)).toEqual(want))
})

describe('originMatches (O1-O4, O10-O12)', () => {
  const WILDCARD = policy(['https://*.example.com'])
  const EXACT = policy(['https://example.com', 'HTTP://Legacy.Example.com:80', 'https://api.example.com:8443'])
  const ANY = policy(['*'])
  const CASES: [string, CorsPolicy, string, boolean][] = [
    ['O2: one subdomain label', WILDCARD, 'https://a.example.com', true],
    ['O2: several subdomain labels', WILDCARD, 'https://a.b.example.com', true],
    ['O2: not the parent domain', WILDCARD, 'https://example.com', false],
    ['O11 spoofing: a look-alike host', WILDCARD, 'https://evil-example.com', false],
    ['O11 spoofing: the suffix inside another label', WILDCARD, 'https://aexample.com', false],
    ['O11 spoofing: the domain as a prefix', WILDCARD, 'https://a.example.com.evil.net', false],
    ['O1: the wildcard keeps its scheme', WILDCARD, 'http://a.example.com', false],
    ['O10: the wildcard port must match (default ignored)', WILDCARD, 'https://a.example.com:443', true],
    ['O10: the wildcard port must match', WILDCARD, 'https://a.example.com:8443', false],
    ['O10: mixed case matches', WILDCARD, 'HTTPS://A.Example.COM', true],
    ['O11: null never matches', WILDCARD, 'null', false],
    ['exact origin', EXACT, 'https://example.com', true],
    ['O11 spoofing: the exact host followed by another domain', EXACT, 'https://example.com.evil.net', false],
    ['O11 spoofing: a look-alike of the exact host', EXACT, 'https://evil-example.com', false],
    ['O10: the configured default port is ignored', EXACT, 'http://legacy.example.com', true],
    ['O10: the request default port is ignored', EXACT, 'https://example.com:443', true],
    ['O1: http on 80 is not https', EXACT, 'http://example.com:80', false],
    ['O1: a configured port must be sent', EXACT, 'https://api.example.com', false],
    ['O1: a configured port matches', EXACT, 'https://api.example.com:8443', true],
    ['O4: any parsable origin', ANY, 'https://whatever.example.net:1234', true],
    ['O11: `*` does not match null', ANY, 'null', false],
    ['O11: `*` does not match an unparsable origin', ANY, 'https://x.example.net/', false],
    ['O11: `*` does not match several origins', ANY, 'https://a.example.net, https://b.example.net', false],
  ]
  it.each(CASES)('%s', (_, given, origin, want) => expect(originMatches(given, origin)).toBe(want))
})

describe('normaliseOrigins (O3, O4, O10 at build time)', () => {
  it('lower-cases, removes default ports, splits wildcards and drops duplicates', () => {
    expect(
      normaliseOrigins([
        'HTTPS://Shop.Example.org:443',
        'https://shop.example.org',
        'https://*.Preview.Example.org:8443',
        '*',
      ]),
    ).toEqual({
      anyOrigin: true,
      origins: ['https://shop.example.org'],
      wildcards: [{ scheme: 'https', suffix: 'preview.example.org', port: '8443' }],
    })
  })
  it('freezes the compiled policy', () => {
    const compiled = policy(['https://a.example.org'])
    expect(Object.isFrozen(compiled)).toBe(true)
    expect(Object.isFrozen(compiled.origins)).toBe(true)
    expect(Object.isFrozen(compiled.wildcards)).toBe(true)
  })
})
