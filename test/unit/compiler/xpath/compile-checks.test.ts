/**
 * Compile-time checks of literal arguments (xpath-functions.md section 11): XC-4 invalid literal
 * patterns and flags, XC-5 unknown literal codecs and algorithms, XC-6 literal site files that do not
 * exist (warnings, only when the site is known), XC-8 literal JSON that does not parse (warnings),
 * XC-9 invalid literal sort keys, XC-10 the "optional, later" functions; each reported at its literal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatDiagnostic } from '../../../../compiler/diagnostics/format.js'
import { createSourceFile, subSource } from '../../../../compiler/diagnostics/source.js'
import { parseExpression } from '../../../../compiler/xpath/index.js'

let site: string

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'svc-xc-'))
  mkdirSync(join(site, 'conf'), { recursive: true })
  mkdirSync(join(site, 'flows'), { recursive: true })
  mkdirSync(join(site, 'mocks'), { recursive: true })
  writeFileSync(join(site, 'conf/limits.json'), '{}')
  writeFileSync(join(site, 'flows/local.json'), '{}')
})

afterAll(() => rmSync(site, { recursive: true, force: true }))

const PREFIX = '<eval>'

/** Diagnostics of `expr` inside `<eval>` in flows/t.xml; `withSite` makes XC-6 look files up. */
function check(expr: string, withSite = true): { lines: string[]; compiled: boolean } {
  const file = createSourceFile(join(site, 'flows/t.xml'), PREFIX + expr)
  const bag = new DiagnosticBag()
  const node = parseExpression(subSource(file, expr, undefined, PREFIX.length), bag, withSite ? { siteRoot: site } : {})
  return {
    lines: bag.sorted().map((d) => formatDiagnostic(d, { cwd: site, frames: false })),
    compiled: node !== undefined,
  }
}

type Row = [rule: string, expr: string, want: string[]]

const ERRORS: Row[] = [
  [
    'XC-4 invalid pattern of matches',
    "matches($x, '(a')",
    ['flows/t.xml:1:19: error: invalid regular expression "(a": missing ")"'],
  ],
  [
    'XC-4 invalid flags of matches',
    "matches($x, 'a', 'q')",
    ['flows/t.xml:1:24: error: invalid regular expression flags "q": invalid flag "q"; expected i, m, s or x'],
  ],
  [
    'XC-4 invalid pattern of replace',
    "replace($x, 'a++', 'b')",
    ['flows/t.xml:1:19: error: invalid regular expression "a++": possessive quantifiers are not supported'],
  ],
  [
    'XC-4 invalid flags of replace',
    "replace($x, 'a', 'b', 'g')",
    ['flows/t.xml:1:29: error: invalid regular expression flags "g": invalid flag "g"; expected i, m, s or x'],
  ],
  [
    'XC-4 invalid pattern of split',
    "split($x, '[a')",
    ['flows/t.xml:1:17: error: invalid regular expression "[a": missing "]"'],
  ],
  [
    'XC-4 inline flags in the middle',
    "split($x, 'a(?i)b')",
    [
      'flows/t.xml:1:17: error: invalid regular expression "a(?i)b": inline flags are only allowed at the start of the pattern',
    ],
  ],
  [
    'XC-4 in an arrow call',
    "$x => matches('(')",
    ['flows/t.xml:1:21: error: invalid regular expression "(": missing ")"'],
  ],
  [
    'XC-5 unknown codec',
    "apply-codecs($x, 'base64-encode', 'base64encode')",
    [
      'flows/t.xml:1:41: error: unknown codec "base64encode"; expected one of base64-encode, base64-decode, base64url-encode, base64url-decode, url-encode, url-decode, deflate, inflate',
    ],
  ],
  [
    'XC-5 unknown signature algorithm',
    "calc-signature($d, $k, '', 'SHA3')",
    [
      'flows/t.xml:1:34: error: unknown signature algorithm "SHA3"; expected one of SHA256, SHA224, SHA384, SHA512, SHA1, SHA, DSA, DSA-SHA, dsaEncryption, dsaWithSHA, ecdsa-with-SHA1, MD5, RIPEMD160, MD4, MD2',
    ],
  ],
  [
    'XC-5 unknown verification algorithm',
    "verify-signature($s, $d, $k, 'sha-256')",
    [
      'flows/t.xml:1:36: error: unknown signature algorithm "sha-256"; expected one of SHA256, SHA224, SHA384, SHA512, SHA1, SHA, DSA, DSA-SHA, dsaEncryption, dsaWithSHA, ecdsa-with-SHA1, MD5, RIPEMD160, MD4, MD2',
    ],
  ],
  [
    'XC-5 unknown JWT algorithm',
    "jwt-encode($c, $k, 0, 'none')",
    [
      'flows/t.xml:1:29: error: unknown JWT algorithm "none"; expected one of HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512',
    ],
  ],
  [
    'XC-5 JWT names are case-sensitive',
    "jwt-encode($c, $k, 0, 'hs256')",
    [
      'flows/t.xml:1:29: error: unknown JWT algorithm "hs256"; expected one of HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512',
    ],
  ],
  [
    'XC-5 unknown JWT restriction',
    "jwt-decode($t, $k, 'XS')",
    [
      'flows/t.xml:1:26: error: unknown JWT algorithm "XS"; expected one of HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512, HS, RS, ES, PS',
    ],
  ],
  [
    'XC-9 invalid sort key',
    "sort($a, 'a/')",
    ['flows/t.xml:1:16: error: sort(): invalid key expression "a/": expected end of input'],
  ],
  [
    'XC-9 sort key with an unknown function',
    "sort($a, 'nope(.)', true())",
    ['flows/t.xml:1:16: error: sort(): invalid key expression "nope(.)": unknown function nope()'],
  ],
  ['XC-10 optional functions', 'verify-xmldsig($x)', ['flows/t.xml:1:7: error: verify-xmldsig() is not supported yet']],
  [
    'XC-3 wrong number of arguments',
    "json-parse('{}', 1)",
    ['flows/t.xml:1:7: error: json-parse() takes 1 argument, got 2'],
  ],
  ['XC-3 has-class', 'has-class()', ['flows/t.xml:1:7: error: has-class() takes 1 or 2 arguments, got 0']],
]

const WARNINGS: Row[] = [
  [
    'XC-6 json-doc missing file',
    "json-doc('/conf/limit.json')",
    ['flows/t.xml:1:16: warning: json-doc(): file conf/limit.json not found'],
  ],
  [
    'XC-6 lookup missing relative file',
    "lookup('../conf/none.json', 'k')",
    ['flows/t.xml:1:14: warning: lookup(): file conf/none.json not found'],
  ],
  [
    'XC-6 svc-document missing file',
    "svc-document('svc://site/conf/x.xml')",
    ['flows/t.xml:1:20: warning: svc-document(): file conf/x.xml not found'],
  ],
  [
    'XC-6 file-exists asks for a directory',
    "file-exists('svc://site/conf/limits.json/')",
    ['flows/t.xml:1:19: warning: file-exists(): directory conf/limits.json/ not found'],
  ],
  [
    'XC-6 outside the site root',
    "json-doc('../../x.json')",
    ['flows/t.xml:1:16: warning: json-doc(): file ../../x.json is outside the site root'],
  ],
  ['XC-8 json-parse', "json-parse('{a:1}')", ['flows/t.xml:1:18: warning: json-parse(): argument is not valid JSON']],
  ['XC-8 json-to-xml', "json-to-xml('')", ['flows/t.xml:1:19: warning: json-to-xml(): argument is not valid JSON']],
]

const CLEAN: string[] = [
  "matches($x, '^a\\:b$', 'imsx')",
  "replace($x, '(?i)(?P<n>a)\\Z', '$1')",
  "split($x, '')",
  "apply-codecs($x, 'BASE64-ENCODE', 'Deflate')",
  "calc-signature($d, $k, '', 'dsaEncryption')",
  "jwt-decode($t, $k, 'ES')",
  "json-doc('/conf/limits.json')",
  "json-doc('local.json')",
  "lookup('svc://site/conf/limits.json', 'k')",
  "file-exists('svc://site/mocks/')",
  "file-exists('svc://site/conf')",
  "file-exists('svc://request/content/prices')",
  "json-doc('svc://request/content')",
  "svc-document('svc://request/empty')",
  "json-parse('[1, 2.50]')",
  "sort($a, 'string-length(n) + 1', true())",
  "sort($a, '')",
  'matches($x, $pattern)',
  "svc:matches('a', 'a')",
]

describe('literal-argument checks', () => {
  it.each(ERRORS)('%s: %s', (_rule, expr, want) => expect(check(expr)).toEqual({ lines: want, compiled: false }))
  it.each(WARNINGS)('%s: %s', (_rule, expr, want) => expect(check(expr)).toEqual({ lines: want, compiled: true }))
  it.each(CLEAN)('no diagnostic: %s', (expr) => expect(check(expr)).toEqual({ lines: [], compiled: true }))

  it('XC-6 only when the site is known', () => {
    expect(check("json-doc('/conf/limit.json')", false)).toEqual({ lines: [], compiled: true })
  })

  it('a literal written twice is reported at its first place', () => {
    expect(check("matches('(', '(')").lines).toEqual([
      'flows/t.xml:1:15: error: invalid regular expression "(": missing ")"',
    ])
  })
})
