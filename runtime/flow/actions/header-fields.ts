/**
 * Header fields from a JSON object (actions.md ACT-set-response-headers-2..4, flows.md F-RESP-3,
 * F-RESP-6): a member named `Status` (any case) is the status; a string is sent as is, a number as its
 * literal, a boolean as `true`/`false`, `null` removes the field, an array sends one line per element
 * (nulls skipped); objects are invalid. Names must be HTTP tokens, values must not hold control
 * characters other than tab; leading and trailing spaces and tabs are removed; characters above U+007F
 * go out as their UTF-8 bytes. `Server`, `Date`, `Content-Length`, `Transfer-Encoding` and `Connection`
 * are ignored. The compiler checks static bodies with the same rules.
 */
import { HTTP_TOKEN } from '../../values/http-token.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import { wireText } from '../../values/wire-text.js'

export type HeaderField =
  | { readonly kind: 'status'; readonly value: JsonValue }
  | { readonly kind: 'set'; readonly name: string; readonly values: readonly string[] }
  | { readonly kind: 'remove'; readonly name: string }
  /** A field the gateway owns (F-RESP-6): ignored with an RW. */
  | { readonly kind: 'ignored'; readonly name: string }
  | { readonly kind: 'invalid'; readonly reason: string }

const GATEWAY_FIELDS = new Set(['server', 'date', 'content-length', 'transfer-encoding', 'connection'])
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/

/** What one member `name: value` does. */
export function headerField(name: string, value: JsonValue): HeaderField {
  if (name.toLowerCase() === 'status') return { kind: 'status', value }
  if (!HTTP_TOKEN.test(name)) return { kind: 'invalid', reason: `invalid header name ${JSON.stringify(name)}` }
  if (GATEWAY_FIELDS.has(name.toLowerCase())) return { kind: 'ignored', name }
  if (value === null) return { kind: 'remove', name }
  const values: string[] = []
  for (const item of Array.isArray(value) ? (value as readonly JsonValue[]) : [value]) {
    if (item === null) continue
    if (item instanceof JsonObject || Array.isArray(item))
      return {
        kind: 'invalid',
        reason: `header ${name} cannot take ${item instanceof JsonObject ? 'an object' : 'a nested array'} as value`,
      }
    const text = trimSpaces(item instanceof JsonNumber ? item.text : String(item))
    if (CONTROL.test(text))
      return { kind: 'invalid', reason: `header ${name} has control characters in its value ${JSON.stringify(text)}` }
    values.push(wireText(text))
  }
  return { kind: 'set', name, values }
}

function trimSpaces(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '')
}
