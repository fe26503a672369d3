/**
 * Request and response checks on plans built from definitions (validation.md VA6, VA9, VA10, VA15,
 * VA17, VA19, VA21-VA25, VA34), without a server; fixtures 40-43 run the same over HTTP.
 */
import { afterAll, describe, expect, it } from 'vitest'

import { buildPlanData } from '../../../../compiler/emit/plan-data.js'
import { checkRequest } from '../../../../runtime/validate/request-check.js'
import { checkResponse } from '../../../../runtime/validate/response-check.js'
import { cleanupSites, lines, livePlan, loadDefinitionFiles, planOf, requestParts } from './helpers.js'

afterAll(cleanupSites)

const PLAN = planOf({
  'definition.yaml': lines(
    'swagger: "2.0"',
    'securityDefinitions:',
    '  Token: { type: apiKey, in: header, name: X-Token, x-svc-jwt: { key: AQID } }',
    '  QueryToken: { type: apiKey, in: query, name: access_token, x-svc-jwt: { key: AQID } }',
    '  Doc: { type: apiKey, in: header, name: X-Doc }',
    'parameters:',
    '  Shared: { name: shared, in: query, type: integer }',
    'paths:',
    '  /a/{id}:',
    '    parameters:',
    '      - { name: id, in: path, required: true, type: integer }',
    '      - { name: mode, in: query, type: string, enum: [x] }',
    '      - $ref: "#/parameters/Shared"',
    '    get:',
    '      x-svc-flow: f.xml',
    '      parameters:',
    '        - { name: mode, in: query, type: string, enum: [y] }',
    '        - { name: X-Token, in: header, type: integer }',
    '        - { name: access_token, in: query, type: integer }',
    '        - { name: X-Doc, in: header, type: integer }',
    '        - { name: extra, in: query, type: boolean }',
    '  /free/{p}:',
    '    x-svc-flow: f.xml',
    '    parameters:',
    '      - { name: p, in: path, required: true, type: integer }',
    '      - { name: q, in: query, required: true, type: integer }',
  ),
  'f.xml': '<flow/>',
})

describe('request checks', () => {
  const route = PLAN.routes.get('/a/{id}')!
  const get = route.operations!.get('GET')!

  it('VA9: path-item parameters merged with the operation, a replaced one keeping its place; $ref resolved', () => {
    expect(get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:mode',
      'query:shared',
      'header:X-Token',
      'query:access_token',
      'header:X-Doc',
      'query:extra',
    ])
  })

  it('VA19, VA32a: locations in the order path, query, header; parameters in merged order', () => {
    const parts = requestParts({ params: [['id', 'x']], query: 'extra=1&shared=s&mode=x', headers: { 'X-Doc': 'd' } })
    expect(checkRequest(PLAN, route, get, parts)).toEqual([
      "Type constraint violated in path for id: 'x' is not an integer",
      "Enum constraint violated in query for mode: 'x' is not an allowed value",
      "Type constraint violated in query for shared: 's' is not an integer",
      "Type constraint violated in query for extra: '1' is not a boolean",
      "Type constraint violated in header for X-Doc: 'd' is not an integer",
    ])
  })

  it('VA34: values of token headers and query parameters of enforced schemes are never quoted', () => {
    const parts = requestParts({ params: [['id', '1']], query: 'access_token=abc', headers: { 'x-token': 'secret' } })
    expect(checkRequest(PLAN, route, get, parts)).toEqual([
      "Type constraint violated in query for access_token: '***' is not an integer",
      "Type constraint violated in header for X-Token: '***' is not an integer",
    ])
  })

  it('VA6: a route without operations checks only its path-level path parameters', () => {
    const free = PLAN.routes.get('/free/{p}')!
    expect(free.operations).toBeNull()
    expect(checkRequest(PLAN, free, null, requestParts({ params: [['p', 'z']] }))).toEqual([
      "Type constraint violated in path for p: 'z' is not an integer",
    ])
  })
})

describe('body and content type', () => {
  const plan = planOf({
    'definition.yaml': lines(
      'swagger: "2.0"',
      'consumes: []',
      'paths:',
      '  /b:',
      '    post:',
      '      x-svc-flow: f.xml',
      '      parameters:',
      '        - { name: b, in: body, schema: { type: object, required: [a] } }',
      '    put:',
      '      x-svc-flow: f.xml',
      '      consumes: ["text/*"]',
      '      parameters:',
      '        - { name: b, in: body, required: true }',
    ),
    'f.xml': '<flow/>',
  })
  const route = plan.routes.get('/b')!

  it('VA15: an empty consumes list counts as not declared; VA16 JSON bodies are parsed', () => {
    const post = route.operations!.get('POST')!
    expect(
      checkRequest(plan, route, post, requestParts({ body: '{}', contentType: 'application/problem+json' })),
    ).toEqual(['Required constraint violated in body for /a: the property is required'])
  })

  it('VA17: a non-required body parameter with an empty body is not checked', () => {
    expect(checkRequest(plan, route, route.operations!.get('POST')!, requestParts({}))).toEqual([])
  })

  it('VA10, VA15: a body parameter without schema: presence only; wildcard consumes', () => {
    const put = route.operations!.get('PUT')!
    expect(checkRequest(plan, route, put, requestParts({}))).toEqual([
      'Required constraint violated in body for /: the body is required',
    ])
    expect(checkRequest(plan, route, put, requestParts({ body: 'x', contentType: 'text/csv' }))).toEqual([])
    expect(checkRequest(plan, route, put, requestParts({ body: 'x', contentType: 'image/png' }))).toEqual([
      "Consumes constraint violated in header for content-type: 'image/png' is not one of text/*",
    ])
  })
})

describe('response checks', () => {
  const definition = loadDefinitionFiles({
    'definition.yaml': lines(
      'swagger: "2.0"',
      'responses:',
      '  Problem:',
      '    description: a problem',
      '    schema: { type: object, required: [title] }',
      '    headers:',
      '      X-Ids: { type: array, items: { type: integer } }',
      'paths:',
      '  /r:',
      '    get:',
      '      x-svc-flow: f.xml',
      '      responses:',
      '        "200": { description: ok, schema: { type: string, maxLength: 3 } }',
      '        default: { $ref: "#/responses/Problem" }',
    ),
    'f.xml': '<flow/>',
  })
  const plan = livePlan(buildPlanData(definition))
  const get = plan.routes.get('/r')!.operations!.get('GET')!

  it('VA16, VA24: a text body against a string schema', () => {
    expect(checkResponse(get, 'GET', { status: 200, headers: [], contentType: 'text/plain', body: 'abcd' })).toEqual([
      "MaxLength constraint violated in body for /: 'abcd' is longer than 3 characters",
    ])
  })

  it('VA21, VA23: default from a $ref response; declared headers joined and converted like header parameters', () => {
    const headers = [
      ['X-Ids', '1'],
      ['x-ids', 'two'],
    ] as const
    expect(
      checkResponse(get, 'GET', {
        status: 503,
        headers,
        contentType: 'application/json',
        body: new TextEncoder().encode('{}'),
      }),
    ).toEqual([
      "Type constraint violated in header for X-Ids: 'two' is not an integer",
      'Required constraint violated in body for /title: the property is required',
    ])
  })

  it('VA24: HEAD, 204 and 304 bodies are not checked', () => {
    expect(checkResponse(get, 'HEAD', { status: 200, headers: [], contentType: null, body: '' })).toEqual([])
  })
})
