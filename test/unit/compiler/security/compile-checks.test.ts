/**
 * Compile-time checks of security schemes (definition.md CC16, CC27; security.md J4, J5a, J6, J14,
 * J16, BA4, BA9; flows.md XC-7 for out-vars): key material and file sources are read and checked at
 * build time, at the place they are written, without quoting keys or passwords.
 */
import { generateKeyPairSync } from 'node:crypto'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { loadDefinition } from '../../../../compiler/definition/index.js'
import { DiagnosticBag, formatDiagnostic } from '../../../../compiler/diagnostics/index.js'
import { checkSecurity, securityVariables } from '../../../../compiler/security/index.js'
import { cleanupSites, lines, makeSite } from '../definition/site.js'

afterAll(cleanupSites)

const pem = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
  key.export({ type: 'spki', format: 'pem' }) as string
const RSA_1024 = pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)
const P256 = pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)
const PRIVATE = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string

/** Diagnostics of loading and checking `definition.yaml` with `scheme` as the scheme `S`. */
function check(scheme: string[], files: Record<string, string> = {}): string[] {
  const root = makeSite({
    'definition.yaml': lines(
      'swagger: "2.0"',
      'paths: {}',
      'securityDefinitions:',
      '  S:',
      ...scheme.map((line) => `    ${line}`),
    ),
    ...files,
  })
  const bag = new DiagnosticBag()
  const definition = loadDefinition(join(root, 'definition.yaml'), bag)
  if (definition) checkSecurity(definition, bag)
  return bag.sorted().map((d) => formatDiagnostic(d, { cwd: root, frames: false }))
}

const JWT = ['type: apiKey', 'in: header', 'name: Authorization', 'x-svc-jwt:']
const BASIC = ['type: basic', 'x-svc-basicauth:']

describe('JWT key material (J5a, J6, J14)', () => {
  const CASES: [string, { scheme: string[]; files?: Record<string, string>; want: string[] }][] = [
    [
      'J6: a plain-text secret is not an HMAC key',
      {
        scheme: [...JWT, '  key: my-secret'],
        want: ['definition.yaml:9:12: error: x-svc-jwt.key is not a valid HMAC key for HS256 (base64url text)'],
      },
    ],
    ['J6: a valid HMAC key', { scheme: [...JWT, '  key: { value: AQIDBA== }', '  alg: HS'], want: [] }],
    [
      'J5a: an HMAC text for RS256',
      {
        scheme: [...JWT, '  key: AQIDBA', '  alg: RS256'],
        want: ['definition.yaml:9:12: error: x-svc-jwt.key is not a public key in PEM (SPKI) form, as RS256 needs'],
      },
    ],
    [
      'J5a: a file EC key for RS256, at the file name',
      {
        scheme: [...JWT, '  key: { file: keys/ec.pem }', '  alg: RS256'],
        files: { 'keys/ec.pem': P256 },
        want: [
          'definition.yaml:9:20: error: x-svc-jwt.key file keys/ec.pem is an EC key on P-256, but RS256 needs an RSA key',
        ],
      },
    ],
    [
      'J5a: a file key that fits',
      {
        scheme: [...JWT, '  key: { file: keys/ec.pem }', '  alg: ES'],
        files: { 'keys/ec.pem': `\n${P256}\n\n` },
        want: [],
      },
    ],
    [
      'J5a: a 1024-bit RSA key only warns',
      {
        scheme: [...JWT, '  key: { file: k.pem }', '  alg: PS'],
        files: { 'k.pem': RSA_1024 },
        want: ['definition.yaml:9:20: warning: x-svc-jwt.key is an RSA key of 1024 bits; 2048 or more are recommended'],
      },
    ],
    [
      'J6: a private key is refused',
      {
        scheme: [...JWT, '  key: { file: k.pem }', '  alg: ES256'],
        files: { 'k.pem': PRIVATE },
        want: [
          'definition.yaml:9:20: error: x-svc-jwt.key file k.pem is not a public key in PEM (SPKI) form, as ES256 needs',
        ],
      },
    ],
    [
      'J4: an empty key file',
      {
        scheme: [...JWT, '  key: { file: k.txt }'],
        files: { 'k.txt': ' \n' },
        want: ['definition.yaml:9:20: error: x-svc-jwt.key file k.txt is empty'],
      },
    ],
    [
      'CL2: a key file in a hidden folder is not in the output',
      {
        scheme: [...JWT, '  key: { file: .keys/k.txt }'],
        files: { '.keys/k.txt': 'AQID' },
        want: [
          'definition.yaml:9:20: error: x-svc-jwt.key file .keys/k.txt is not copied to the output (names starting with "." are left out)',
        ],
      },
    ],
    [
      'J5: an alg file with an unknown algorithm',
      {
        scheme: [...JWT, '  key: AQID', '  alg: { file: alg.txt }'],
        files: { 'alg.txt': 'HS999\n' },
        want: [
          'definition.yaml:10:20: error: x-svc-jwt.alg file alg.txt does not name a supported algorithm (one of HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512, EdDSA or a family HS, RS, ES, PS)',
        ],
      },
    ],
    [
      'J5: an alg file is trimmed and used for the key check',
      {
        scheme: [...JWT, '  key: AQID', '  alg: { file: alg.txt }'],
        files: { 'alg.txt': 'RS\n' },
        want: [
          'definition.yaml:9:12: error: x-svc-jwt.key is not a public key in PEM (SPKI) form, as the RS family needs',
        ],
      },
    ],
    [
      'J5a: with the algorithm from env only the key form is checked',
      {
        scheme: [...JWT, '  key: not-a-key!', '  alg: { env: ALG }'],
        want: [
          'definition.yaml:9:12: error: x-svc-jwt.key is neither an HMAC key (base64url text) nor a public key in PEM (SPKI) form',
        ],
      },
    ],
    [
      'J4: an env key is checked per request, not now',
      { scheme: [...JWT, '  key: { env: KEY }', '  alg: RS256'], want: [] },
    ],
    [
      'J16: HMAC algorithms cannot use a key set',
      {
        scheme: [...JWT, '  key: { jwks-url: "https://login.example.net/jwks" }', '  alg: HS256'],
        want: [
          'definition.yaml:10:12: error: HMAC algorithms cannot be used with a jwks-url (a key set holds public keys only)',
        ],
      },
    ],
    [
      'J16: a jwks-url file must hold an http(s) URL',
      {
        scheme: [...JWT, '  key: { jwks-url: { file: url.txt } }'],
        files: { 'url.txt': 'ftp://x/jwks' },
        want: ['definition.yaml:9:32: error: x-svc-jwt.key.jwks-url file url.txt is not an absolute http or https URL'],
      },
    ],
    [
      'J9: a claim file may hold any text, an empty one included',
      {
        scheme: [...JWT, '  key: AQID', '  claims:', '    iss: { file: iss.txt }'],
        files: { 'iss.txt': '\n' },
        want: [],
      },
    ],
    [
      'CL2: a claim file in a hidden folder',
      {
        scheme: [...JWT, '  key: AQID', '  claims:', '    iss: { file: .cfg/iss.txt }'],
        files: { '.cfg/iss.txt': 'x' },
        want: [
          'definition.yaml:11:22: error: x-svc-jwt.claims.iss file .cfg/iss.txt is not copied to the output (names starting with "." are left out)',
        ],
      },
    ],
  ]
  it.each(CASES)('%s', (_, { scheme, files, want }) => expect(check(scheme, files)).toEqual(want))
})

describe('basic credentials (BA2-BA4, BA9)', () => {
  const CASES: [string, { scheme: string[]; files?: Record<string, string>; want: string[] }][] = [
    [
      'BA4: an empty literal password',
      {
        scheme: [...BASIC, '  users:', '    - user: a', '      password: ""'],
        want: ['definition.yaml:9:21: error: x-svc-basicauth.users.password must not be empty'],
      },
    ],
    [
      'BA4: an empty password file',
      {
        scheme: [...BASIC, '  users:', '    - user: a', '      password: { file: p.txt }'],
        files: { 'p.txt': '\n' },
        want: ['definition.yaml:9:29: error: x-svc-basicauth.users.password file p.txt is empty'],
      },
    ],
    [
      'BA3, BA4: an invalid credential file, without its content',
      {
        scheme: [...BASIC, '  credentials: { file: users.txt }'],
        files: { 'users.txt': 'alice:one\nbob-secret\n' },
        want: [
          'definition.yaml:7:28: error: x-svc-basicauth.credentials file users.txt has an invalid entry 2 (expected user:password or user:{SHA256}<hex>)',
        ],
      },
    ],
    [
      'BA3: a valid credential file',
      {
        scheme: [...BASIC, '  credentials: { file: users.txt }'],
        files: { 'users.txt': 'alice:one\n\nbob:{SHA256}' + 'A'.repeat(64) + '\n' },
        want: [],
      },
    ],
    [
      'BA4: an empty users list without credentials',
      {
        scheme: [...BASIC, '  users: []'],
        want: ['definition.yaml:7:7: error: x-svc-basicauth has no users (BA4: the list must not be empty)'],
      },
    ],
  ]
  it.each(CASES)('%s', (_, { scheme, files, want }) => expect(check(scheme, files)).toEqual(want))
})

describe('out-vars for the unset-variable check (J11, BA8, XC-7)', () => {
  it('lists the variables schemes set, defaults included', () => {
    const root = makeSite({
      'definition.yaml': lines(
        'swagger: "2.0"',
        'paths: {}',
        'securityDefinitions:',
        '  A: { type: apiKey, in: header, name: Authorization, x-svc-jwt: { key: AQID } }',
        '  B: { type: apiKey, in: query, name: t, x-svc-jwt: { key: AQID, out-var: $claims } }',
        '  C: { type: basic, x-svc-basicauth: { users: [{ user: a, password: b }] } }',
        '  D: { type: oauth2, flow: implicit, authorizationUrl: "https://x" }',
      ),
    })
    const definition = loadDefinition(join(root, 'definition.yaml'), new DiagnosticBag())!
    expect(securityVariables(definition)).toEqual(['jwt', 'claims', 'basicauth'])
  })
})
