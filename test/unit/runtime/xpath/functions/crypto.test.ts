/**
 * Signatures and encryption (xpath-functions.md 10.6, KEY-1..KEY-4): calc-signature, verify-signature,
 * encrypt and decrypt against vectors made with node:crypto in the test (keys generated here), every
 * key form of KEY-1/KEY-2 (PEM blocks, encrypted PKCS #8, PKCS #1, SEC 1, bare Base64, a certificate,
 * several blocks in one string), every digest name of FN-calc-signature-2, and the failures (RW and
 * the failure value).
 */
import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  getHashes,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { selfSignedCertificate } from './certificate.js'
import { lit, run, single, values } from './helpers.js'

let rsa: { privateKey: KeyObject; publicKey: KeyObject }
let ec: { privateKey: KeyObject; publicKey: KeyObject }
let dsa: { privateKey: KeyObject; publicKey: KeyObject }
let other: { privateKey: KeyObject; publicKey: KeyObject }
let pem: Record<string, string>

beforeAll(() => {
  rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  dsa = generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 })
  const der = (key: KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki'): string =>
    (key.export({ format: 'der', type }) as Buffer).toString('base64')
  pem = {
    pkcs8: rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    pkcs1: rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }) as string,
    encrypted: rsa.privateKey.export({
      format: 'pem',
      type: 'pkcs8',
      cipher: 'aes-256-cbc',
      passphrase: 'open sesame',
    }) as string,
    encryptedDer: (
      rsa.privateKey.export({
        format: 'der',
        type: 'pkcs8',
        cipher: 'aes-256-cbc',
        passphrase: 'open sesame',
      }) as Buffer
    ).toString('base64'),
    bare8: der(rsa.privateKey, 'pkcs8'),
    bare1: der(rsa.privateKey, 'pkcs1'),
    sec1: ec.privateKey.export({ format: 'pem', type: 'sec1' }) as string,
    dsa: dsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    spki: rsa.publicKey.export({ format: 'pem', type: 'spki' }) as string,
    rsaPublic: rsa.publicKey.export({ format: 'pem', type: 'pkcs1' }) as string,
    bareSpki: der(rsa.publicKey, 'spki'),
    ecPublic: ec.publicKey.export({ format: 'pem', type: 'spki' }) as string,
    dsaPublic: dsa.publicKey.export({ format: 'pem', type: 'spki' }) as string,
    otherPublic: other.publicKey.export({ format: 'pem', type: 'spki' }) as string,
    certificate: selfSignedCertificate(rsa.privateKey),
  }
  pem.bareCertificate = pem.certificate!.replace(/-----[A-Z ]+-----|\s/g, '')
})

const DATA = 'amount=12.00'

function signature(key: KeyObject, digest = 'sha256', data = DATA): string {
  return sign(digest, Buffer.from(data), key).toString('base64')
}

describe('calc-signature (FN-calc-signature-1..3, KEY-1, KEY-3)', () => {
  it('FN-calc-signature-1 RSASSA-PKCS1-v1_5 with SHA-256 by default, from every private key form', () => {
    const want = signature(rsa.privateKey)
    for (const form of ['pkcs8', 'pkcs1', 'bare8', 'bare1']) {
      expect(values(`calc-signature(${lit(DATA)}, $key)`, { vars: { key: [pem[form]!] } }), form).toEqual([want])
    }
  })

  it('KEY-1 encrypted PKCS #8 needs the passphrase (PEM and bare Base64)', () => {
    const want = signature(rsa.privateKey)
    expect(values(`calc-signature(${lit(DATA)}, $key, 'open sesame')`, { vars: { key: [pem.encrypted!] } })).toEqual([
      want,
    ])
    expect(values(`calc-signature(${lit(DATA)}, $key, 'open sesame')`, { vars: { key: [pem.encryptedDer!] } })).toEqual(
      [want],
    )
    const wrong = run(`calc-signature(${lit(DATA)}, $key, 'wrong')`, { vars: { key: [pem.encrypted!] } })
    expect(wrong.values).toEqual([''])
    expect(wrong.messages).toEqual([
      'warn [eval] calc-signature(): the private key cannot be decrypted with the passphrase',
    ])
  })

  it('KEY-3 the first usable block of several, with other text around', () => {
    const bundle = `subject: test\n${pem.certificate}\n${pem.pkcs1}\ntrailing text`
    expect(values(`calc-signature(${lit(DATA)}, $key)`, { vars: { key: [bundle] } })).toEqual([
      signature(rsa.privateKey),
    ])
  })

  it('FN-calc-signature-2 every digest name', () => {
    const names: [string, string][] = [
      ['SHA256', 'sha256'],
      ['sha224', 'sha224'],
      ['SHA384', 'sha384'],
      ['SHA512', 'sha512'],
      ['SHA1', 'sha1'],
      ['SHA', 'sha1'],
      ['DSA', 'sha1'],
      ['DSA-SHA', 'sha1'],
      ['dsaEncryption', 'sha1'],
      ['dsaWithSHA', 'sha1'],
      ['ecdsa-with-SHA1', 'sha1'],
      ['MD5', 'md5'],
      ['RIPEMD160', 'ripemd160'],
    ]
    for (const [name, digest] of names) {
      expect(
        values(`calc-signature(${lit(DATA)}, $key, '', ${lit(name)})`, { vars: { key: [pem.pkcs8!] } }),
        name,
      ).toEqual([signature(rsa.privateKey, digest)])
    }
  })

  it('FN-calc-signature-2 MD4 and MD2 fail when the crypto library lacks them', () => {
    for (const name of ['MD4', 'MD2']) {
      const outcome = run(`calc-signature(${lit(DATA)}, $key, '', ${lit(name)})`, { vars: { key: [pem.pkcs8!] } })
      if (getHashes().includes(name.toLowerCase()))
        expect(outcome.values).toEqual([signature(rsa.privateKey, name.toLowerCase())])
      else
        expect(outcome).toEqual({
          values: [''],
          messages: [`warn [eval] calc-signature(): digest ${name} is not available`],
        })
    }
  })

  it('FN-calc-signature-1 EC keys give DER ECDSA, DSA keys DSA', () => {
    const [ecSignature] = single(`calc-signature(${lit(DATA)}, $key)`, { vars: { key: [pem.sec1!] } })
      .values as string[]
    expect(verify('sha256', Buffer.from(DATA), ec.publicKey, Buffer.from(ecSignature!, 'base64'))).toBe(true)
    const [dsaSignature] = single(`calc-signature(${lit(DATA)}, $key, '', 'DSA')`, { vars: { key: [pem.dsa!] } })
      .values as string[]
    expect(verify('sha1', Buffer.from(DATA), dsa.publicKey, Buffer.from(dsaSignature!, 'base64'))).toBe(true)
  })

  it('FN-calc-signature-3 failures are RW and ""', () => {
    const cases: [string, string[], string][] = [
      [`calc-signature('x', 'not a key')`, [], 'calc-signature(): unreadable private key'],
      [`calc-signature('x', 'not-a-key!')`, [], 'calc-signature(): the key is neither PEM nor Base64'],
      [
        `calc-signature('x', $key, '', concat('SHA', '999'))`,
        [pem.pkcs8!],
        'calc-signature(): unknown signature algorithm "SHA999"; expected one of SHA256, SHA224, SHA384, SHA512, SHA1, SHA, DSA, DSA-SHA, dsaEncryption, dsaWithSHA, ecdsa-with-SHA1, MD5, RIPEMD160, MD4, MD2',
      ],
      [`calc-signature('x', $key)`, [pem.spki!], 'calc-signature(): no private key block'],
      [`calc-signature('x', '')`, [], 'calc-signature(): the key is neither PEM nor Base64'],
    ]
    for (const [expr, key, message] of cases) {
      expect(run(expr, { vars: { key } }), expr).toEqual({ values: [''], messages: [`warn [eval] ${message}`] })
    }
  })
})

describe('verify-signature (FN-verify-signature-1, KEY-2)', () => {
  it('FN-verify-signature-1 accepts a signature made by node:crypto, with every public key form', () => {
    const good = signature(rsa.privateKey)
    for (const form of ['spki', 'rsaPublic', 'bareSpki', 'certificate', 'bareCertificate']) {
      expect(
        values(`verify-signature($sig, ${lit(DATA)}, $key)`, { vars: { sig: [good], key: [pem[form]!] } }),
        form,
      ).toEqual([true])
    }
  })

  it('FN-verify-signature-1 example round trip with calc-signature, whitespace in the signature ignored', () => {
    const outcome = run(
      `verify-signature(replace(calc-signature(${lit(DATA)}, $private), '(.{10})', '$1 '), ${lit(DATA)}, $cert)`,
      {
        vars: { private: [pem.pkcs8!], cert: [pem.certificate!] },
      },
    )
    expect(outcome).toEqual({ values: [true], messages: [] })
    expect(new X509Certificate(pem.certificate!).subject).toBe('CN=svc-gateway test')
  })

  it('FN-verify-signature-1 a signature that does not match is false without an RW', () => {
    const good = signature(rsa.privateKey)
    for (const [sig, data, key] of [
      [good, 'amount=13.00', pem.spki!],
      [good, DATA, pem.otherPublic!],
      [signature(rsa.privateKey, 'sha1'), DATA, pem.spki!],
      ['not base64 !', DATA, pem.spki!],
      ['', DATA, pem.spki!],
    ] as const) {
      expect(run('verify-signature($sig, $data, $key)', { vars: { sig: [sig], data: [data], key: [key] } })).toEqual({
        values: [false],
        messages: [],
      })
    }
  })

  it('FN-verify-signature-1 other digests and key types', () => {
    const sha512 = signature(rsa.privateKey, 'sha512')
    expect(
      values(`verify-signature($sig, ${lit(DATA)}, $key, 'sha512')`, { vars: { sig: [sha512], key: [pem.spki!] } }),
    ).toEqual([true])
    const ecSignature = signature(ec.privateKey)
    expect(
      values(`verify-signature($sig, ${lit(DATA)}, $key)`, { vars: { sig: [ecSignature], key: [pem.ecPublic!] } }),
    ).toEqual([true])
    const dsaSignature = signature(dsa.privateKey, 'sha1')
    expect(
      values(`verify-signature($sig, ${lit(DATA)}, $key, 'dsaWithSHA')`, {
        vars: { sig: [dsaSignature], key: [pem.dsaPublic!] },
      }),
    ).toEqual([true])
  })

  it('FN-verify-signature-1 an unreadable key or unknown algorithm is false with an RW', () => {
    expect(run("verify-signature('AAAA', 'x', 'garbage!')")).toEqual({
      values: [false],
      messages: ['warn [eval] verify-signature(): the key is neither PEM nor Base64'],
    })
    const outcome = run("verify-signature('AAAA', 'x', $key, concat('no', 'pe'))", { vars: { key: [pem.spki!] } })
    expect(outcome.values).toEqual([false])
    expect(outcome.messages[0]).toMatch(/^warn \[eval\] verify-signature\(\): unknown signature algorithm "nope"/)
  })
})

describe('encrypt and decrypt (FN-encrypt-1, FN-encrypt-2, FN-decrypt-1, FN-decrypt-2)', () => {
  it('FN-encrypt-1 RSAES-OAEP with SHA-1: node:crypto decrypts it; different on every call', () => {
    const [a, b] = [
      single("encrypt('s3cret', $key)", { vars: { key: [pem.spki!] } }).values[0],
      single("encrypt('s3cret', $key)", { vars: { key: [pem.spki!] } }).values[0],
    ]
    expect(a).not.toBe(b)
    for (const ciphertext of [a, b]) {
      const plain = privateDecrypt(
        { key: rsa.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        Buffer.from(ciphertext as string, 'base64'),
      )
      expect(plain.toString()).toBe('s3cret')
    }
  })

  it('FN-decrypt-1 decrypts what node:crypto encrypted, with every private key form', () => {
    const ciphertext = publicEncrypt(
      { key: rsa.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from('Grüße'),
    ).toString('base64')
    for (const [form, passphrase] of [
      ['pkcs8', ''],
      ['pkcs1', ''],
      ['bare8', ''],
      ['encrypted', 'open sesame'],
    ] as const) {
      expect(
        values(`decrypt($c, $key, ${lit(passphrase)})`, {
          vars: { c: [ciphertext.replace(/(.{20})/g, '$1\n')], key: [pem[form]!] },
        }),
        form,
      ).toEqual(['Grüße'])
    }
  })

  it('FN-decrypt-1 example round trip, binary plaintext by BIN-2', () => {
    expect(
      values("decrypt(encrypt('s3cret', $public), $private)", {
        vars: { public: [pem.certificate!], private: [pem.pkcs8!] },
      }),
    ).toEqual(['s3cret'])
    expect(
      values("base64-encode(decrypt(encrypt(base64-decode('/wA='), $public), $private))", {
        vars: { public: [pem.spki!], private: [pem.pkcs8!] },
      }),
    ).toEqual(['/wA='])
  })

  it('FN-encrypt-2 failures: unreadable key, non-RSA key, data too long', () => {
    expect(run("encrypt('x', 'nope!')")).toEqual({
      values: [''],
      messages: ['warn [eval] encrypt(): the key is neither PEM nor Base64'],
    })
    expect(run("encrypt('x', $key)", { vars: { key: [pem.ecPublic!] } })).toEqual({
      values: [''],
      messages: ['warn [eval] encrypt(): encrypt() needs rsa keys, not ec'],
    })
    const long = run('encrypt($data, $key)', { vars: { data: ['x'.repeat(215)], key: [pem.spki!] } })
    expect(long).toEqual({
      values: [''],
      messages: ['warn [eval] encrypt(): the data (215 bytes) is too long for the key (at most 214)'],
    })
    expect(
      values('string-length(encrypt($data, $key)) > 0', { vars: { data: ['x'.repeat(214)], key: [pem.spki!] } }),
    ).toEqual([true])
  })

  it('FN-decrypt-2 failures: wrong key, wrong passphrase, not Base64', () => {
    const ciphertext = publicEncrypt(
      { key: rsa.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from('x'),
    ).toString('base64')
    const otherKey = other.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string
    expect(run('decrypt($c, $key)', { vars: { c: [ciphertext], key: [otherKey] } })).toEqual({
      values: [''],
      messages: ['warn [eval] decrypt(): the ciphertext cannot be decrypted with the key'],
    })
    expect(run("decrypt($c, $key, 'bad')", { vars: { c: [ciphertext], key: [pem.encrypted!] } }).values).toEqual([''])
    expect(run("decrypt('%%%', $key)", { vars: { key: [pem.pkcs8!] } })).toEqual({
      values: [''],
      messages: ['warn [eval] decrypt(): the ciphertext is not Base64'],
    })
    expect(createPrivateKey(pem.pkcs8!).asymmetricKeyType).toBe('rsa')
  })
})
