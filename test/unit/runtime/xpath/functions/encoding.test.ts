/**
 * Encoding and hashing (xpath-functions.md 10.5, BIN-1..BIN-3, CODEC-1..CODEC-3): every example of
 * apply-codecs, base64-encode, base64-decode, urlencode/url-encode, urldecode/url-decode and md5,
 * the byte fallback of binary strings within one request, and failures (bad Base64 in strict mode,
 * corrupt deflate data, unknown codecs at run time), checked against node:crypto and node:zlib.
 */
import { createHash } from 'node:crypto'
import { deflateRawSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { lit, run, values } from './helpers.js'

type Row = [rule: string, expr: string, want: unknown[]]

const ROWS: Row[] = [
  ['CODEC-1 example url-encode after base64', "apply-codecs('hello', 'base64-encode', 'url-encode')", ['aGVsbG8%3D']],
  ['CODEC-1 example base64url-decode', "apply-codecs('aGVsbG8', 'base64url-decode')", ['hello']],
  ['CODEC-1 example deflate', "apply-codecs('hello hello hello', 'deflate', 'base64-encode')", ['y0jNyclXyECQAA==']],
  ['CODEC-1 example inflate', "apply-codecs('y0jNyclXyECQAA==', 'base64-decode', 'inflate')", ['hello hello hello']],
  ['CODEC-1 names are case-insensitive', "apply-codecs('hi', 'BASE64-Encode')", ['aGk=']],
  ['CODEC-1 base64url-encode without padding', "apply-codecs('hi?', 'base64url-encode')", ['aGk_']],
  ['CODEC-1 base64url-decode accepts + and /', "apply-codecs('aGk/', 'base64url-decode')", ['hi?']],
  ['CODEC-1 url-decode', "apply-codecs('a%20b+c', 'url-decode')", ['a b+c']],
  ['FN-base64-encode-1 example', "base64-encode('Grüße')", ['R3LDvMOfZQ==']],
  ['FN-base64-encode-1 empty', 'base64-encode(())', ['']],
  ['FN-base64-decode-1 example unpadded', "base64-decode('R3LDvMOfZQ')", ['Grüße']],
  ['FN-base64-decode-1 example padded', "base64-decode('aGk=')", ['hi']],
  ['FN-base64-decode-3 example strict', "base64-decode('a$b', true())", [false]],
  ['FN-base64-decode-2 foreign characters dropped', "base64-decode('a G$k=')", ['hi']],
  ['FN-base64-decode-2 - and _ read as + and /', "base64-decode('aGk_')", ['hi?']],
  ['FN-base64-decode-2 everything after = ignored', "base64-decode('aGk=aGk=')", ['hi']],
  ['FN-base64-decode-2 final single character ignored', "base64-decode('aGkx' || 'Y')", ['hi1']],
  ['FN-base64-decode-3 strict valid with whitespace', "base64-decode(' aG k= ', true())", ['hi']],
  ['FN-base64-decode-3 strict needs padding', "base64-decode('aGk', true())", [false]],
  ['FN-base64-decode-3 strict = in the middle', "base64-decode('aG=k', true())", [false]],
  ['FN-base64-decode-3 strict refuses the URL alphabet', "base64-decode('aGk_', true())", [false]],
  ['FN-base64-decode-3 strict three padding characters', "base64-decode('a===', true())", [false]],
  ['FN-base64-decode-3 strict empty', "base64-decode('', true())", ['']],
  ['FN-urlencode-1 example', "urlencode('a b&c/ü')", ['a%20b%26c%2F%C3%BC']],
  ['XP-NAME-5 url-encode alias', "url-encode('a b')", ['a%20b']],
  ['FN-urlencode-1 unreserved kept', "urlencode('AZaz09-_.~')", ['AZaz09-_.~']],
  ['FN-urldecode-1 example plus stays', "urldecode('a%20b%2Bc+d')", ['a b+c+d']],
  ['FN-urldecode-1 example bad escape kept', "urldecode('%C3%BC%zz')", ['ü%zz']],
  ['XP-NAME-5 url-decode alias', "url-decode('%41%62')", ['Ab']],
  ['FN-urldecode-1 trailing percent', "urldecode('100%')", ['100%']],
  ['FN-md5-1 example', "md5('abc')", ['900150983cd24fb0d6963f7d28e17f72']],
  ['FN-md5-1 example empty', "md5('')", ['d41d8cd98f00b204e9800998ecf8427e']],
  ['FN-md5-1 UTF-8 bytes', "md5('ü')", [createHash('md5').update('ü', 'utf8').digest('hex')]],
]

describe('encoding functions in both tiers', () => {
  it.each(ROWS)('%s: %s', (_rule, expr, want) => {
    const outcome = run(expr)
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([])
  })
})

describe('BIN-1..BIN-3 binary strings within a request', () => {
  it('BIN-3 a chain gives the bytes of one apply-codecs() call', () => {
    const text = 'The quick brown fox jumps over the lazy dog, again and again and again'
    const once = values(`apply-codecs(${lit(text)}, 'deflate', 'base64-encode')`)
    expect(values(`apply-codecs(apply-codecs(${lit(text)}, 'deflate'), 'base64-encode')`)).toEqual(once)
    expect(values(`base64-encode(apply-codecs(${lit(text)}, 'deflate'))`)).toEqual(once)
    expect(once).toEqual([deflateRawSync(Buffer.from(text), { level: 6 }).toString('base64')])
  })

  it('BIN-2 bytes that are not UTF-8 become one character per byte, and BIN-1 turns them back', () => {
    // 0xff 0xfe 0x00 0x80 in Base64
    expect(values("string-to-codepoints(base64-decode('//4AgA=='))")).toEqual([255, 254, 0, 128])
    expect(values("base64-encode(base64-decode('//4AgA=='))")).toEqual(['//4AgA=='])
    expect(values("md5(base64-decode('//4AgA=='))")).toEqual([
      createHash('md5')
        .update(Buffer.from([255, 254, 0, 128]))
        .digest('hex'),
    ])
    expect(values("urlencode(urldecode('%FF%01'))")).toEqual(['%FF%01'])
  })

  it('BIN-3 a binary string passed through a variable keeps its bytes', () => {
    const outcome = run("let $b := base64-decode('/w==') return base64-encode($b)")
    expect(outcome.values).toEqual(['/w=='])
  })

  it('BIN-3 an altered binary string is text again (UTF-8)', () => {
    expect(values("base64-encode(concat(base64-decode('/w=='), 'x'))")).toEqual([
      Buffer.from('\u00ffx', 'utf8').toString('base64'),
    ])
  })

  it('BIN-1 outside the request that made it, the string is text', () => {
    expect(values(`base64-encode(${lit('\u00ff')})`)).toEqual(['w78='])
  })

  it('BIN-2 well-formed UTF-8 is decoded as text', () => {
    expect(values("base64-decode('4pyTIMOg')")).toEqual(['✓ à'])
  })
})

describe('encoding failures (FN-0-3, CODEC-3)', () => {
  it('CODEC-3 an unknown codec at run time', () => {
    const outcome = run("apply-codecs('x', concat('base64', 'encode'))")
    expect(outcome.values).toEqual([''])
    expect(outcome.messages[0]).toMatch(
      /^warn \[eval\] apply-codecs\(\): unknown codec "base64encode"; expected one of base64-encode, base64-decode, /,
    )
  })

  it('CODEC-3 corrupt inflate input', () => {
    const outcome = run("apply-codecs('not deflate data at all', 'inflate')")
    expect(outcome.values).toEqual([''])
    expect(outcome.messages).toHaveLength(1)
    expect(outcome.messages[0]).toMatch(/^warn \[eval\] apply-codecs\(\): inflate: /)
  })

  it('handles a megabyte through deflate, Base64 and back', () => {
    const big = 'abcdefghij'.repeat(100_000)
    expect(
      values(
        "string-length(apply-codecs(apply-codecs($big, 'deflate', 'base64-encode'), 'base64-decode', 'inflate'))",
        { vars: { big: [big] } },
      ),
    ).toEqual([big.length])
  })
})
