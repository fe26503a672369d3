/**
 * CORS header fields (security.md O14-O16 for pre-flights, O18-O19 for actual responses): the gateway's
 * decision replaces fields of the CORS names set by flows, `Vary` gets `Origin` appended once.
 */
import { describe, expect, it } from 'vitest'

import {
  type CorsPolicy,
  corsPreflightHeaders,
  createCorsPolicy,
  isCorsPreflight,
  withCorsHeaders,
} from '../../../../runtime/cors/index.js'
import { createRouteTable, matchRoute, type RouteSpec } from '../../../../runtime/router/index.js'

const POLICY: CorsPolicy = createCorsPolicy({
  anyOrigin: false,
  origins: ['https://shop.example.org'],
  wildcards: [],
  allowCredentials: true,
  maxAge: '600',
  exposeHeaders: 'X-Total, ETag',
})
const NO_CREDENTIALS = createCorsPolicy({ ...POLICY, allowCredentials: false, exposeHeaders: null })

function routeOf(spec: RouteSpec) {
  const match = matchRoute(createRouteTable([spec]), spec.pattern.replace('/**', '/x'))
  if (match === null) throw new Error('route does not match')
  return match.route
}

const CART = routeOf({
  pattern: '/cart',
  segments: ['cart'],
  wildcard: false,
  operations: [
    ['GET', null],
    ['DELETE', null],
  ],
  handler: null,
})
const ANY = routeOf({ pattern: '/any/**', segments: ['any'], wildcard: true, operations: null, handler: null })

describe('withCorsHeaders (O18, O19)', () => {
  const CASES: [
    string,
    { policy?: CorsPolicy; origin?: string; headers: [string, string][]; want: [string, string][] },
  ][] = [
    [
      'matched origin: allow-origin, credentials, expose, Vary',
      {
        origin: 'https://shop.example.org',
        headers: [['X-A', '1']],
        want: [
          ['X-A', '1'],
          ['Access-Control-Allow-Origin', 'https://shop.example.org'],
          ['Access-Control-Allow-Credentials', 'true'],
          ['Access-Control-Expose-Headers', 'X-Total, ETag'],
          ['Vary', 'Origin'],
        ],
      },
    ],
    [
      'no Origin: credentials and Vary only',
      {
        headers: [],
        want: [
          ['Access-Control-Allow-Credentials', 'true'],
          ['Vary', 'Origin'],
        ],
      },
    ],
    [
      'unmatched origin without credentials: Vary only',
      { policy: NO_CREDENTIALS, origin: 'https://evil.example.org', headers: [], want: [['Vary', 'Origin']] },
    ],
    [
      'flow-set CORS fields are replaced or removed',
      {
        policy: NO_CREDENTIALS,
        origin: 'https://evil.example.org',
        headers: [
          ['access-control-allow-origin', '*'],
          ['Access-Control-Allow-Credentials', 'true'],
          ['Access-Control-Max-Age', '1'],
          ['Access-Control-Allow-Methods', 'GET'],
          ['Access-Control-Allow-Headers', 'x'],
          ['Access-Control-Expose-Headers', 'y'],
        ],
        want: [['Vary', 'Origin']],
      },
    ],
    [
      'O19: Origin is appended to an existing Vary',
      {
        policy: NO_CREDENTIALS,
        headers: [
          ['Vary', 'Accept-Encoding'],
          ['X-B', '2'],
        ],
        want: [
          ['Vary', 'Accept-Encoding, Origin'],
          ['X-B', '2'],
        ],
      },
    ],
    [
      'O19: an existing Vary listing origin (any case) is kept',
      { policy: NO_CREDENTIALS, headers: [['vary', 'accept, ORIGIN']], want: [['vary', 'accept, ORIGIN']] },
    ],
    ['O19: Vary: * is left as is', { policy: NO_CREDENTIALS, headers: [['Vary', '*']], want: [['Vary', '*']] }],
  ]
  it.each(CASES)('%s', (_, { policy = POLICY, origin, headers, want }) =>
    expect(withCorsHeaders(policy, origin, headers)).toEqual(want),
  )
})

describe('pre-flights (O13-O16)', () => {
  const headers = (entries: [string, string][]) => new Map(entries)
  it('O13: OPTIONS with an Origin header, whatever its value', () => {
    expect(isCorsPreflight('OPTIONS', headers([['origin', 'null']]))).toBe(true)
    expect(isCorsPreflight('OPTIONS', headers([]))).toBe(false)
    expect(isCorsPreflight('GET', headers([['origin', 'https://shop.example.org']]))).toBe(false)
  })
  it('O14: a matched origin gets the full set in table order', () => {
    const given = headers([
      ['origin', 'https://shop.example.org'],
      ['access-control-request-headers', 'content-type, x-id'],
    ])
    expect(corsPreflightHeaders(POLICY, given, CART)).toEqual([
      ['Access-Control-Allow-Origin', 'https://shop.example.org'],
      ['Access-Control-Allow-Credentials', 'true'],
      ['Access-Control-Allow-Methods', 'GET, DELETE'],
      ['Access-Control-Allow-Headers', 'content-type, x-id'],
      ['Access-Control-Max-Age', '600'],
      ['Vary', 'Origin'],
    ])
  })
  it('O5, O14: an unmatched origin gets credentials, methods and Vary only', () => {
    const given = headers([
      ['origin', 'https://evil.example.org'],
      ['access-control-request-headers', 'content-type'],
    ])
    expect(corsPreflightHeaders(POLICY, given, CART)).toEqual([
      ['Access-Control-Allow-Credentials', 'true'],
      ['Access-Control-Allow-Methods', 'GET, DELETE'],
      ['Vary', 'Origin'],
    ])
  })
  it('O15: a route without operations echoes a requested method token, else lists all', () => {
    const ask = (method?: string) => {
      const given = headers([
        ['origin', 'https://shop.example.org'],
        ...(method === undefined ? [] : [['access-control-request-method', method] as [string, string]]),
      ])
      return corsPreflightHeaders(NO_CREDENTIALS, given, ANY).find(
        ([name]) => name === 'Access-Control-Allow-Methods',
      )?.[1]
    }
    expect(ask('PURGE')).toBe('PURGE')
    expect(ask('GET, POST')).toBe('GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH')
    expect(ask()).toBe('GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH')
  })
})
