/**
 * Upstream validation against a compiled upstream definition (validation.md VA39-VA42): routing of
 * the outgoing request, its parameters and body, the response with the trailing status entry, and
 * the presence of credentials. The definitions are built by compiler/schemas as for a build.
 */
import { afterAll, describe, expect, it } from 'vitest'

import {
  checkUpstreamCredentials,
  checkUpstreamRequest,
  checkUpstreamResponse,
  type OutgoingRequest,
} from '../../../../runtime/validate/upstream.js'
import { Content } from '../../../../runtime/values/content.js'
import { cleanupSites, lines, upstreamOf } from './helpers.js'

afterAll(cleanupSites)

const UPSTREAM = upstreamOf({
  'definition.yaml': lines(
    'swagger: "2.0"',
    'basePath: /v1',
    'securityDefinitions:',
    '  PartnerKey: { type: apiKey, in: header, name: X-Partner-Key }',
    '  QueryKey: { type: apiKey, in: query, name: key }',
    '  Basic: { type: basic }',
    '  OAuth: { type: oauth2, flow: implicit, authorizationUrl: "https://auth.example.com", scopes: {} }',
    'security:',
    '  - PartnerKey: []',
    'paths:',
    '  /stock/{sku}:',
    '    get:',
    '      parameters:',
    '        - { name: sku, in: path, required: true, type: string, pattern: "^[A-Z]+$" }',
    '        - { name: depth, in: query, type: integer }',
    '      responses:',
    '        "200":',
    '          description: stock',
    '          schema: { type: object, required: [level], properties: { level: { type: integer } } }',
    '    post:',
    '      security:',
    '        - QueryKey: []',
    '          Basic: []',
    '        - OAuth: []',
    '      consumes: [application/json]',
    '      parameters:',
    '        - { name: body, in: body, required: true, schema: { type: array, items: { type: integer } } }',
    '  /files/**:',
    '    get:',
    '      security: []',
  ),
})

function outgoing(
  method: string,
  path: string,
  extra: { query?: string; headers?: Record<string, string>; body?: string; type?: string } = {},
): OutgoingRequest {
  return {
    method,
    path,
    query: extra.query ?? null,
    headers: new Map([
      ...Object.entries(extra.headers ?? {}),
      ...(extra.type === undefined ? [] : [['content-type', extra.type] as [string, string]]),
    ]),
    body: Content.fromText(extra.body ?? '', extra.type ?? null),
  }
}

describe('VA40 upstream request check', () => {
  it('VA40: a request the definition describes passes', () => {
    expect(checkUpstreamRequest(UPSTREAM, outgoing('GET', '/v1/stock/ABC', { query: 'depth=2' }))).toEqual([])
    expect(checkUpstreamRequest(UPSTREAM, outgoing('GET', '/v1/files/a/b.txt'))).toEqual([])
  })

  it('VA40: a path outside basePath or matching no route', () => {
    expect(checkUpstreamRequest(UPSTREAM, outgoing('GET', '/v2/stock/A'))).toEqual(['Path /v2/stock/A not found.'])
    expect(checkUpstreamRequest(UPSTREAM, outgoing('GET', '/v1/nothing'))).toEqual(['Path /v1/nothing not found.'])
  })

  it('VA40: a method without an operation (lower case)', () => {
    expect(checkUpstreamRequest(UPSTREAM, outgoing('DELETE', '/v1/stock/ABC'))).toEqual(['Invalid method delete.'])
  })

  it('VA40: parameters, content type and body are checked as in section 2', () => {
    expect(checkUpstreamRequest(UPSTREAM, outgoing('GET', '/v1/stock/ab', { query: 'depth=x' }))).toEqual([
      "Pattern constraint violated in path for sku: 'ab' does not match '^[A-Z]+$'",
      "Type constraint violated in query for depth: 'x' is not an integer",
    ])
    expect(
      checkUpstreamRequest(UPSTREAM, outgoing('POST', '/v1/stock/A', { body: '[1,"x"]', type: 'text/json' })),
    ).toEqual([
      "Consumes constraint violated in header for content-type: 'text/json' is not one of application/json",
      'Type constraint violated in body for /: expected a JSON body',
    ])
    expect(checkUpstreamRequest(UPSTREAM, outgoing('POST', '/v1/stock/A'))).toEqual([
      'Required constraint violated in body for /: the body is required',
    ])
  })
})

describe('VA41 upstream response check', () => {
  const response = (status: number, body: string, contentType = 'application/json') => ({
    status,
    headers: [],
    contentType,
    body,
  })

  it('VA41: a valid response passes', () => {
    expect(
      checkUpstreamResponse(UPSTREAM, { method: 'GET', path: '/v1/stock/A' }, response(200, '{"level": 3}')),
    ).toEqual([])
  })

  it('VA41: violations end with the upstream status and reason phrase', () => {
    expect(
      checkUpstreamResponse(UPSTREAM, { method: 'GET', path: '/v1/stock/A' }, response(200, '{"level": "high"}')),
    ).toEqual(["Type constraint violated in body for /level: 'high' is not an integer", 'Upstream status: 200 OK'])
    expect(checkUpstreamResponse(UPSTREAM, { method: 'GET', path: '/v1/stock/A' }, response(404, ''))).toEqual([
      "No definition for status code 404 and no 'default'.",
      'Upstream status: 404 Not Found',
    ])
  })

  it('VA41, VA35 (decided): the trailing status entry counts towards the 20', () => {
    const body = JSON.stringify({ level: 1, ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])) })
    const upstream = upstreamOf({
      'definition.yaml': lines(
        'swagger: "2.0"',
        'paths:',
        '  /x:',
        '    get:',
        '      responses:',
        '        default: { description: any, schema: { type: object, additionalProperties: false } }',
      ),
    })
    const entries = checkUpstreamResponse(upstream, { method: 'GET', path: '/x' }, response(500, body))
    expect(entries).toHaveLength(20)
    expect(entries[18]).toBe('... and 13 more violations')
    expect(entries[19]).toBe('Upstream status: 500 Internal Server Error')
  })
})

describe('VA42 upstream credentials', () => {
  it('VA42: the top-level requirement needs its apiKey header, present and non-empty', () => {
    expect(checkUpstreamCredentials(UPSTREAM, outgoing('GET', '/v1/stock/A'))).toEqual([
      'Header Security (PartnerKey): Missing header X-Partner-Key',
    ])
    expect(
      checkUpstreamCredentials(UPSTREAM, outgoing('GET', '/v1/stock/A', { headers: { 'x-partner-key': '' } })),
    ).toEqual(['Header Security (PartnerKey): Missing header X-Partner-Key'])
    expect(
      checkUpstreamCredentials(UPSTREAM, outgoing('GET', '/v1/stock/A', { headers: { 'x-partner-key': 'k' } })),
    ).toEqual([])
  })

  it('VA42: alternatives (OR) of scheme sets (AND); every missing credential is named', () => {
    expect(checkUpstreamCredentials(UPSTREAM, outgoing('POST', '/v1/stock/A', { query: 'key=' }))).toEqual([
      'Query Security (QueryKey): Missing query parameter key',
      'Basic Security (Basic): Missing header Authorization',
      'OAuth2 Security (OAuth): Missing header Authorization',
    ])
    expect(
      checkUpstreamCredentials(
        UPSTREAM,
        outgoing('POST', '/v1/stock/A', { query: 'key=1', headers: { authorization: 'Basic dTpw' } }),
      ),
    ).toEqual([])
    expect(
      checkUpstreamCredentials(UPSTREAM, outgoing('POST', '/v1/stock/A', { headers: { authorization: 'Bearer t' } })),
    ).toEqual([])
  })

  it('VA42: an empty requirement needs nothing', () => {
    expect(checkUpstreamCredentials(UPSTREAM, outgoing('GET', '/v1/files/x'))).toEqual([])
  })
})
