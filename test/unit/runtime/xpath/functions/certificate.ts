/**
 * A minimal self-signed X.509 certificate for tests (KEY-2 `CERTIFICATE` blocks), built with DER by
 * hand and signed with node:crypto, so no key material is kept in the repository.
 */
import { createPublicKey, type KeyObject, sign } from 'node:crypto'

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content])
}

const sequence = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts))
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts))
const integer = (n: number): Buffer => tlv(0x02, Buffer.from([n]))
const utf8 = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'))
const utcTime = (text: string): Buffer => tlv(0x17, Buffer.from(text, 'ascii'))
const bitString = (bytes: Buffer): Buffer => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]))
const NULL = Buffer.from([0x05, 0x00])

function oid(text: string): Buffer {
  const parts = text.split('.').map(Number)
  const bytes = [40 * parts[0]! + parts[1]!]
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f]
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift(0x80 | (v & 0x7f))
    bytes.push(...chunk)
  }
  return tlv(0x06, Buffer.from(bytes))
}

/** A PEM `CERTIFICATE` for the RSA key pair, subject and issuer `CN=<name>`. */
export function selfSignedCertificate(privateKey: KeyObject, name = 'svc-gateway test'): string {
  const algorithm = sequence(oid('1.2.840.113549.1.1.11'), NULL) // sha256WithRSAEncryption
  const subject = sequence(set(sequence(oid('2.5.4.3'), utf8(name))))
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  const tbs = sequence(
    tlv(0xa0, integer(2)), // version 3
    integer(1),
    algorithm,
    subject,
    sequence(utcTime('200101000000Z'), utcTime('491231235959Z')),
    subject,
    spki,
  )
  const certificate = sequence(tbs, algorithm, bitString(sign('sha256', tbs, privateKey)))
  const body = certificate.toString('base64').replace(/.{1,64}/g, '$&\n')
  return `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`
}
