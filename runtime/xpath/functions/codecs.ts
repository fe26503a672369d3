/**
 * The codecs of `apply-codecs()` (xpath-functions.md CODEC-1..CODEC-3), each from bytes to bytes;
 * names are case-insensitive. A codec that cannot process its input throws CodecError. The compile
 * check XC-5 reads the names.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib'

import { decodeBase64Lenient, encodeBase64, encodeBase64Url } from './base64.js'
import { percentDecode, percentEncode } from './url-codec.js'

export class CodecError extends Error {}

export type Codec = (input: Uint8Array) => Uint8Array

const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1')
const text = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')

export const CODECS: ReadonlyMap<string, Codec> = new Map<string, Codec>([
  ['base64-encode', (input) => ascii(encodeBase64(input))],
  ['base64-decode', (input) => decodeBase64Lenient(text(input))],
  ['base64url-encode', (input) => ascii(encodeBase64Url(input))],
  ['base64url-decode', (input) => decodeBase64Lenient(text(input))],
  ['url-encode', (input) => ascii(percentEncode(input))],
  ['url-decode', (input) => percentDecode(input)],
  ['deflate', (input) => deflateRawSync(input, { level: 6 })],
  [
    'inflate',
    (input) => {
      try {
        return inflateRawSync(input)
      } catch (error) {
        throw new CodecError(`inflate: ${error instanceof Error ? error.message : String(error)}`)
      }
    },
  ],
])

/** CODEC-1: the codec named `name` (any case), or undefined. */
export function codecNamed(name: string): Codec | undefined {
  return CODECS.get(name.toLowerCase())
}

/** XC-5: `unknown codec "x"; expected one of base64-encode, …` */
export function unknownCodecMessage(name: string): string {
  return `unknown codec "${name}"; expected one of ${[...CODECS.keys()].join(', ')}`
}
