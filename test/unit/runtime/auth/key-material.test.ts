/**
 * Key material and key/algorithm fit (security.md J5, J5a, J6): HMAC keys in base64url (base64 too),
 * public keys in PEM (SPKI) or bare base64, certificates and private keys refused, RSA sizes, EC
 * curves, Ed25519, families. Keys are generated here; nothing is checked in.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { expandAlg } from '../../../../runtime/auth/algorithms.js'
import { parseHmacKey, parsePublicKey, readKey } from '../../../../runtime/auth/key-material.js'

const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }) as string
const RSA_2048 = generateKeyPairSync('rsa', { modulusLength: 2048 })
const RSA_1024 = generateKeyPairSync('rsa', { modulusLength: 1024 })
const RSA_512 = generateKeyPairSync('rsa', { modulusLength: 512 })
const P256 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const P384 = generateKeyPairSync('ec', { namedCurve: 'P-384' })
const SECP256K1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
const ED25519 = generateKeyPairSync('ed25519')

describe('parseHmacKey (J6)', () => {
  const CASES: [string, string, number[] | null][] = [
    ['base64url without padding', 'AQID_-8', [1, 2, 3, 255, 239]],
    ['standard base64 with padding', 'AQID/+8=', [1, 2, 3, 255, 239]],
    ['mixed alphabets', 'AQ-/', [1, 15, 191]],
    ['a single byte', 'AQ', [1]],
    ['a plain-text secret is not its UTF-8 bytes', 'my-secret', null],
    ['remainder 1 is invalid', 'AQIDB', null],
    ['other characters', 'AQ ID', null],
    ['padding that does not complete a quantum', 'AQ=', null],
    ['padding in the middle', 'AQ==AQ', null],
    ['empty', '', null],
    ['only padding', '==', null],
  ]
  it.each(CASES)('%s', (_, text, want) => {
    const bytes = parseHmacKey(text)
    expect(bytes === null ? null : [...bytes]).toEqual(want)
  })
})

describe('parsePublicKey (J6)', () => {
  it('accepts PEM (SPKI)', () => expect(parsePublicKey(pem(RSA_2048.publicKey))?.asymmetricKeyType).toBe('rsa'))
  it('accepts the bare base64 body with and without line breaks', () => {
    const body = pem(P256.publicKey)
      .replace(/-----[A-Z ]+-----/g, '')
      .trim()
    expect(parsePublicKey(body)?.asymmetricKeyType).toBe('ec')
    expect(parsePublicKey(body.replace(/\s+/g, ''))?.asymmetricKeyType).toBe('ec')
  })
  it('refuses a private key (PKCS#8 PEM and its bare body)', () => {
    const privatePem = RSA_2048.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
    expect(parsePublicKey(privatePem)).toBeNull()
    expect(parsePublicKey(privatePem.replace(/-----[A-Z ]+-----/g, ''))).toBeNull()
  })
  it('refuses PKCS#1 RSA PUBLIC KEY armor and text that is no key', () => {
    expect(parsePublicKey(RSA_2048.publicKey.export({ type: 'pkcs1', format: 'pem' }) as string)).toBeNull()
    expect(parsePublicKey('not a key')).toBeNull()
    expect(parsePublicKey('QUJD')).toBeNull()
  })
})

describe('readKey (J5a)', () => {
  const problem = (text: string, alg: string) => {
    const reading = readKey(text, expandAlg(alg)!)
    return reading.ok ? null : reading.problem
  }
  it('HS: an HMAC key; a PEM key is no HMAC key', () => {
    expect(readKey('AQIDBA', ['HS256'])).toMatchObject({ ok: true, material: { kind: 'hmac' } })
    expect(problem(pem(RSA_2048.publicKey), 'HS256')).toBe('is not a valid HMAC key for HS256 (base64url text)')
  })
  it('RS and PS: an RSA key; 1024 bits flagged as weak, 512 refused', () => {
    expect(readKey(pem(RSA_2048.publicKey), ['RS256'])).toMatchObject({ ok: true, weak: false })
    expect(readKey(pem(RSA_1024.publicKey), ['PS384'])).toMatchObject({
      ok: true,
      weak: true,
      material: { kind: 'rsa', bits: 1024 },
    })
    expect(problem(pem(RSA_512.publicKey), 'RS256')).toBe('is an RSA key of 512 bits; at least 1024 are needed')
    expect(problem(pem(P256.publicKey), 'RS')).toBe('is an EC key on P-256, but the RS family needs an RSA key')
    expect(problem('AQIDBA', 'RS256')).toBe('is not a public key in PEM (SPKI) form, as RS256 needs')
  })
  it('ES: the curve must fit; with the family the curve selects the member', () => {
    expect(readKey(pem(P256.publicKey), ['ES256'])).toMatchObject({ ok: true, algorithms: ['ES256'] })
    expect(problem(pem(P384.publicKey), 'ES256')).toBe('is an EC key on P-384, but ES256 needs P-256')
    expect(readKey(pem(P384.publicKey), expandAlg('ES')!)).toMatchObject({ ok: true, algorithms: ['ES384'] })
    expect(problem(pem(SECP256K1.publicKey), 'ES')).toBe(
      'is an EC key on another curve, but the ES family needs an EC key on P-256, P-384, P-521',
    )
    expect(problem(pem(RSA_2048.publicKey), 'ES512')).toBe('is an RSA key, but ES512 needs an EC key on P-521')
  })
  it('EdDSA: an Ed25519 key', () => {
    expect(readKey(pem(ED25519.publicKey), ['EdDSA'])).toMatchObject({ ok: true, material: { kind: 'ed25519' } })
    expect(problem(pem(P256.publicKey), 'EdDSA')).toBe('is an EC key on P-256, but EdDSA needs an Ed25519 key')
  })
  it('J5: families and names, case-sensitive', () => {
    expect(expandAlg('HS')).toEqual(['HS256', 'HS384', 'HS512'])
    expect(expandAlg('PS512')).toEqual(['PS512'])
    expect(expandAlg('hs256')).toBeNull()
    expect(expandAlg('none')).toBeNull()
    expect(expandAlg('constructor')).toBeNull()
  })
})
