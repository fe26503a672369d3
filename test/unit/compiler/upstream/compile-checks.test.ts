/**
 * Compile-time checks of the upstream actions and `x-svc-proxy` (actions.md ACT-request-1,
 * ACT-requests-1..2, ACT-proxy-request-1, ACT-COMMON-3; upstream.md UP-CFG-1, UP-OPT-1, UP-GEN-2,
 * UP-PROXY-1, UP-VAL-1, UP-VAL-2; validation.md VA39; definition.md PX1, PX4, PX9): each case is a small project compiled
 * with `--check`; the exact diagnostic lines are compared.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { compile } from '../../../../compiler/index.js'

const roots: string[] = []

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** Compiles a project made of `files` and returns its diagnostic lines (no frames, no summary). */
async function check(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'svc-upstream-check-'))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  return formatReport(result.diagnostics, { cwd: root, frames: false })
    .split('\n')
    .filter((line) => line !== '' && !/^\d+ errors?, \d+ warnings?$/.test(line))
}

/** A project whose only route runs `flows/f.xml`. */
function flow(body: string): Record<string, string> {
  return {
    'definition.yaml': 'swagger: "2.0"\npaths:\n  /x:\n    x-svc-flow: flows/f.xml\n',
    'flows/f.xml': `<flow>\n  ${body}\n</flow>\n`,
  }
}

/** A project whose only route is an `x-svc-proxy` written as `yaml` (indented under it). */
function proxy(yaml: string): Record<string, string> {
  return { 'definition.yaml': `swagger: "2.0"\npaths:\n  /x/**:\n    x-svc-proxy:\n${yaml.replace(/^/gm, '      ')}\n` }
}

const FLOW_CASES: [string, string, string[]][] = [
  [
    'ACT-request-1: an empty body needs a url attribute',
    '<request content="a"/>',
    ['flows/f.xml:2:3: error: <request> needs a body or a url attribute'],
  ],
  [
    'UP-GEN-2: a static content that is no request ID',
    '<request content="9a" url="http://u.test/"/>',
    ['flows/f.xml:2:12: error: invalid request ID "9a": use a letter or _, then letters, digits, _ or -'],
  ],
  [
    'ACT-request-1: a static url must be http or https',
    '<request url="ftp://u.test/x"/>',
    ['flows/f.xml:2:12: error: url "ftp://u.test/x" must use http or https'],
  ],
  [
    'UP-CFG-3: a static method must be a token',
    '<request url="http://u.test/" method="GE T"/>',
    ['flows/f.xml:2:33: error: invalid method "GE T": not an HTTP token'],
  ],
  [
    'ACT-COMMON-3: a static body must be an object',
    '<request>[1]</request>',
    ['flows/f.xml:2:12: error: the body of <request> must be a JSON object; found an array'],
  ],
  [
    'UP-CFG-1, UP-CFG-4: shape errors and unknown properties of a static body',
    '<request>{"url": "http://u.test/", "headers": {"X-A": [1]}, "bogus": 1}</request>',
    [
      'flows/f.xml:2:12: warning: request configuration: unknown property "bogus" in the request configuration is ignored',
      'flows/f.xml:2:12: error: request configuration: headers.X-A must be a string, number, boolean or null, not an array; join several values in advance',
    ],
  ],
  [
    'UP-OPT-1, UP-CACHE-1: option values and combinations',
    '<request>{"url": "http://u.test/", "options": {"timeout": 0, "max-redirects": 1.5, "use-http-cache": true, "force-cache-ttl": "10", "tieout": 1}}</request>',
    [
      'flows/f.xml:2:12: error: request configuration: options.timeout must be greater than 0',
      'flows/f.xml:2:12: error: request configuration: options.max-redirects must be an integer from 0 to 20, not 1.5',
      'flows/f.xml:2:12: warning: request configuration: unknown option "tieout" is ignored',
      'flows/f.xml:2:12: error: request configuration: use-http-cache and a positive force-cache-ttl cannot be combined',
    ],
  ],
  [
    'UP-VAL-2: validation and mocking options need definition',
    '<request>{"url": "http://u.test/", "options": {"validate-response": "report-only", "mock-response": true, "validate-request": false}}</request>',
    [
      "flows/f.xml:2:12: error: request configuration: validate-response needs the option definition (the upstream's Swagger definition)",
      "flows/f.xml:2:12: error: request configuration: mock-response needs the option definition (the upstream's Swagger definition)",
    ],
  ],
  [
    'UP-VAL-1: a literal definition must exist (relative to the flow file)',
    '<request>{"url": "http://u.test/", "options": {"definition": "up.yaml"}}</request>',
    ['flows/f.xml:2:12: error: upstream definition flows/up.yaml not found'],
  ],
  [
    'UP-VAL-1: also a literal inside a dynamic body, at its text',
    '<request>{"url": {{ $env/U }}, "options": {"definition": "../contracts/up.yaml", "exit-on-error": true}}</request>',
    ['flows/f.xml:2:32: error: upstream definition contracts/up.yaml not found'],
  ],
  [
    'UP-VAL-1: every entry of requests',
    '<requests>{"a": {"url": "http://u.test/", "options": {"definition": "/up.yaml"}}}</requests>',
    ['flows/f.xml:2:13: error: upstream definition up.yaml not found'],
  ],
  [
    'UP-VAL-1, CC18: a definition outside the site',
    '<proxy-request>{"origin": "http://u.test", "options": {"definition": "../../up.yaml"}}</proxy-request>',
    ['flows/f.xml:2:18: error: upstream definition ../../up.yaml is outside the site'],
  ],
  [
    'UP-NET-2: a literal relative client certificate file must exist (relative to the flow file)',
    '<request>{"url": "https://u.test/", "options": {"client-certificate-file": "certs/missing.pem"}}</request>',
    ['flows/f.xml:2:12: error: request configuration: client-certificate-file certs/missing.pem not found'],
  ],
  [
    'UP-NET-2: an absolute path is a deployment secret, not checked',
    '<request>{"url": "https://u.test/", "options": {"client-certificate-file": "/etc/secrets/c.pem"}}</request>',
    [],
  ],
  ['a dynamic body is checked at run time', '<request>{"url": {{ $env/U }}, "headers": {"X-A": [1]}}</request>', []],
  [
    'UP-REQS-1: keys occurring twice and invalid keys',
    '<requests>{"a": {"url": "http://u.test/"}, "a": {"url": "http://u.test/"}, "-b": {"url": "http://u.test/"}}</requests>',
    [
      'flows/f.xml:2:13: error: request ID "a" occurs twice in <requests>',
      'flows/f.xml:2:13: error: invalid request ID "-b" in <requests>: use a letter or _, then letters, digits, _ or -',
    ],
  ],
  [
    'ACT-requests-2: every value must be a valid configuration',
    '<requests>{"a": {"url": 3}}</requests>',
    ['flows/f.xml:2:13: error: request "a": url must be a string, not a number'],
  ],
  [
    'ACT-requests-1: body or src',
    '<requests/>',
    ['flows/f.xml:2:3: error: <requests> needs a body or a src attribute'],
  ],
  [
    'ACT-requests-1: not both',
    '<requests src="$plan">{}</requests>',
    ['flows/f.xml:2:13: error: <requests> cannot have both a body and src'],
  ],
  [
    'ACT-proxy-request-1: a body is required',
    '<proxy-request/>',
    ['flows/f.xml:2:3: error: <proxy-request> needs a body with origin or url'],
  ],
  [
    'UP-PROXY-1: origin or url',
    '<proxy-request>{"stripEndpoint": true}</proxy-request>',
    ['flows/f.xml:2:18: error: proxy configuration: the proxy configuration needs origin or url'],
  ],
  [
    'UP-PROXY-1: request-only properties are warnings in the action; origin has no path',
    '<proxy-request>{"origin": "http://u.test/base", "method": "GET"}</proxy-request>',
    [
      'flows/f.xml:2:18: warning: proxy configuration: method cannot be set for a proxy: method and body always come from the client; it is ignored',
      'flows/f.xml:2:18: error: proxy configuration: origin "http://u.test/base" must be scheme://host[:port] without a path',
    ],
  ],
]

describe('flow actions (CE / CW)', () => {
  it.each(FLOW_CASES)('%s', async (_, body, want) => {
    expect(await check(flow(body))).toEqual(want)
  })
})

const PROXY_CASES: [string, string, string[]][] = [
  ['PX9: a non-object value', 'https://u.test', ['definition.yaml:5:7: error: x-svc-proxy must be an object']],
  [
    'PX1: origin or url is required',
    'stripEndpoint: true',
    ['definition.yaml:5:7: error: x-svc-proxy: the proxy configuration needs origin or url'],
  ],
  [
    'PX1: not both',
    'origin: https://u.test\nurl: https://u.test/x',
    ['definition.yaml:5:7: error: x-svc-proxy: origin and url cannot be combined in a proxy configuration'],
  ],
  [
    'PX9: request-only and unknown properties are errors, at their value',
    'origin: https://u.test\nmethod: POST\nstripEndpont: true',
    [
      'definition.yaml:6:15: error: x-svc-proxy: method cannot be set for a proxy: method and body always come from the client',
      'definition.yaml:7:21: error: x-svc-proxy: unknown property "stripEndpont" in the proxy configuration',
    ],
  ],
  [
    'UP-PROXY-1: shapes of headers and options, at the offending value',
    'origin: https://u.test\nheaders:\n  X-A: [1, 2]\noptions:\n  timeout: soon',
    [
      'definition.yaml:7:14: error: x-svc-proxy: headers.X-A must be a string, number, boolean or null, not an array; join several values in advance',
      'definition.yaml:9:18: error: x-svc-proxy: options.timeout must be a number of seconds greater than 0, not "soon"',
    ],
  ],
  [
    'UP-PROXY-1: addPrefix is a path',
    'origin: https://u.test\naddPrefix: "/a?b"',
    ['definition.yaml:6:18: error: x-svc-proxy: addPrefix "/a?b" must be a URI path without ? or #'],
  ],
  [
    'PX4: values from the environment are checked at run time',
    'origin: {env: ORIGIN}\noptions:\n  timeout: {env: T}\nheaders:\n  env: x',
    [],
  ],
  [
    'UP-VAL-1: a literal definition must exist, at its value',
    'origin: https://u.test\noptions:\n  definition: up.yaml',
    ['definition.yaml:7:21: error: upstream definition up.yaml not found'],
  ],
  [
    'UP-VAL-2: validate-response needs definition',
    'origin: https://u.test\noptions:\n  validate-response: true',
    [
      "definition.yaml:7:28: error: x-svc-proxy: validate-response needs the option definition (the upstream's Swagger definition)",
    ],
  ],
  [
    'UP-VAL-1: a definition from the environment is looked up at run time',
    'origin: https://u.test\noptions:\n  definition: {env: UPSTREAM_DEFINITION}',
    [],
  ],
  [
    'UP-NET-2: relative to the definition',
    'origin: https://u.test\noptions:\n  client-certificate-file: certs/c.pem',
    ['definition.yaml:7:34: error: x-svc-proxy: client-certificate-file certs/c.pem not found'],
  ],
  [
    'UP-PROXY-1: stripEndpoint with url is ignored with a warning',
    'url: https://u.test/x\nstripEndpoint: true',
    ['definition.yaml:6:22: warning: x-svc-proxy: stripEndpoint is ignored together with url'],
  ],
]

describe('x-svc-proxy (CE / CW)', () => {
  it.each(PROXY_CASES)('%s', async (_, yaml, want) => {
    expect(await check(proxy(yaml))).toEqual(want)
  })
})

describe('upstream definitions (UP-VAL-1, VA39)', () => {
  const UPSTREAM =
    'swagger: "2.0"\nbasePath: /v1\nsecurityDefinitions:\n  Key: { type: apiKey, in: header, name: X-Key }\nsecurity: [{ Key: [] }]\npaths:\n  /a:\n    get:\n      responses: { 200: { description: ok } }\n'

  it('a valid upstream definition compiles without handler or enforcement warnings', async () => {
    const files = flow(
      '<request>{"url": "http://u.test/v1/a", "options": {"definition": "../contracts/up.yaml", "validate-request": true}}</request>',
    )
    expect(await check({ ...files, 'contracts/up.yaml': UPSTREAM })).toEqual([])
  })

  it('the errors of an upstream definition are reported in its own file', async () => {
    const files = flow(
      '<request>{"url": "http://u.test/v1/a", "options": {"definition": "../contracts/up.yaml"}}</request>',
    )
    const broken =
      'swagger: "2.0"\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: q, in: query, type: intger }\n'
    const lines = await check({ ...files, 'contracts/up.yaml': broken })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^contracts\/up\.yaml:6:\d+: error: /)
  })

  it('a site file that is no valid definition is compiled quietly when a definition is named at run time', async () => {
    const files = flow(
      '<request>{"url": "http://u.test/v1/a", "options": {"definition": {{ $env/DEF }}, "validate-request": true}}</request>',
    )
    expect(
      await check({
        ...files,
        'contracts/up.yaml': UPSTREAM,
        'contracts/broken.json': '{"swagger": "2.0", "paths": 5}',
      }),
    ).toEqual([])
  })
})
