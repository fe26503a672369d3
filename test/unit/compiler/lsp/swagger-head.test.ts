import { describe, expect, it } from 'vitest'

import { declaresSwagger2, swaggerHead } from '../../../../compiler/lsp/swagger-head.js'

const CASES: [string, { given: string; want: boolean }][] = [
  ['YAML, after a comment', { given: '# the API\nswagger: "2.0"\ninfo: {}\n', want: true }],
  ['YAML, single quotes and a comment after the value', { given: "info: {}\nswagger: '2.0' # required\n", want: true }],
  ['YAML, the number 2.0 (the compiler warns)', { given: 'swagger: 2.0\n', want: true }],
  ['YAML, CRLF line ends and a byte order mark', { given: '\uFEFFswagger: "2.0"\r\npaths: {}\r\n', want: true }],
  ['YAML, an indented swagger key is not the top level', { given: 'upstream:\n  swagger: "2.0"\n', want: false }],
  ['YAML, OpenAPI 3', { given: 'openapi: 3.0.3\n', want: false }],
  ['YAML, another version', { given: 'swagger: "1.2"\n', want: false }],
  ['JSON, one key per line', { given: '{\n  "info": { "title": "x" },\n  "swagger": "2.0"\n}', want: true }],
  ['JSON, minified, the number 2.0', { given: '{"swagger":2.0,"paths":{}}', want: true }],
  ['JSON, a nested swagger member is not the top level', { given: '{ "x": { "swagger": "2.0" } }', want: false }],
  ['JSON, braces and quotes inside strings do not count', { given: '{ "a": "}\\" {", "swagger": "2.0" }', want: true }],
  ['JSON, the head ends inside a string', { given: '{ "description": "long', want: false }],
  ['JSON, package.json', { given: '{ "name": "swagger", "version": "2.0.0" }', want: false }],
]

describe('declaresSwagger2', () => {
  it.each(CASES)('%s', (_, { given, want }) => expect(declaresSwagger2(given)).toBe(want))
})

describe('swaggerHead', () => {
  it("tells a gateway's definition (x-svc keys) from another Swagger 2.0 document, in YAML and JSON", () => {
    expect(swaggerHead('swagger: "2.0"\npaths:\n  /a:\n    x-svc-flow: flows/a.xml\n')).toBe('gateway')
    expect(swaggerHead('{"swagger":"2.0","x-svc-proxy":{"origin":"http://a"}}')).toBe('gateway')
    expect(swaggerHead('swagger: "2.0"\ninfo:\n  description: see x-svc-flow\n')).toBe('swagger')
    expect(swaggerHead('x-svc-flow: a.xml\n')).toBeUndefined()
  })
})
