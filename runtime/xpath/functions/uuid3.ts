/**
 * `uuid3(namespace, name)` and `uuid3(name)` (xpath-functions.md FN-uuid3-1..3, BIN-1): the MD5 digest
 * of the 16 namespace bytes and the bytes of the name, version bits 3, RFC 4122 variant, lower-case
 * `8-4-4-4-12`. The namespace is 32 hex digits, with or without the hyphens, optionally in braces;
 * anything else is an RW and "". With one argument the namespace is empty (not a standard UUID).
 */
import { createHash } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import { type FunctionCall, warn } from './call.js'

const NAMESPACE = /^\{?([0-9a-fA-F]{8})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{12})\}?$/

function namespaceBytes(text: string): Buffer | undefined {
  const match = NAMESPACE.exec(text)
  if (match === null) return undefined
  // braces come in pairs, and hyphens all four or none
  if (text.startsWith('{') !== text.endsWith('}')) return undefined
  const hyphens = (text.match(/-/g) ?? []).length
  if (hyphens !== 0 && hyphens !== 4) return undefined
  return Buffer.from(match.slice(1).join(''), 'hex')
}

export function xpUuid3(call: FunctionCall, first: Value, second?: Value): string {
  let namespace: Uint8Array = new Uint8Array(0)
  let name = first
  if (second !== undefined) {
    const text = toXPathString(first)
    const bytes = namespaceBytes(text)
    if (bytes === undefined) {
      warn(call, 'uuid3', `invalid namespace UUID "${text}"`)
      return ''
    }
    namespace = bytes
    name = second
  }
  const digest = createHash('md5')
    .update(namespace)
    .update(bytesOf(call, toXPathString(name)))
    .digest()
  digest[6] = (digest[6]! & 0x0f) | 0x30
  digest[8] = (digest[8]! & 0x3f) | 0x80
  const hex = digest.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
