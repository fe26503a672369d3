/**
 * Rendering an OXN element straight from the JsonValue it represents (oxn.md OXN-R2, OXN-R5, OXN-R8):
 * compact JSON, members and items in order, number literals unchanged when they are valid JSON
 * (OXN-R7) and otherwise re-read by XPath `number()` and written by templates.md T-OUT-4, strings by
 * T-ESC-1. A hand-built object that repeats a key writes one pair at the first position whose value is
 * the array of all its values (OXN-R2, decided).
 */
import { JsonNumber, JsonNumberLiteral, JsonObject, type JsonValue } from '../values/json-value.js'
import { jsonString } from './json-string.js'
import { formatJsonNumber, isJsonNumberLiteral, parseXPathDouble } from './number-text.js'

/** Compact JSON text of the OXN element representing `value`. */
export function renderJsonValue(value: JsonValue): string {
  if (typeof value === 'string') return jsonString(value)
  if (value instanceof JsonNumber) return value instanceof JsonNumberLiteral ? value.text : renderNumberText(value.text)
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof JsonObject) return renderObject(value)
  const items = value as readonly JsonValue[]
  let out = '['
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ','
    out += renderJsonValue(items[i]!)
  }
  return out + ']'
}

/** A `number` element's text (OXN-R2): kept when it is a JSON literal, else converted or `null`. */
export function renderNumberText(text: string): string {
  return isJsonNumberLiteral(text) ? text : formatJsonNumber(parseXPathDouble(text))
}

function renderObject(object: JsonObject): string {
  const { keys, values } = object
  if (hasRepeatedKey(keys)) return renderGroupedObject(object)
  let out = '{'
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) out += ','
    out += jsonString(keys[i]!) + ':' + renderJsonValue(values[i]!)
  }
  return out + '}'
}

function renderGroupedObject({ keys, values }: JsonObject): string {
  const groups = new Map<string, string[]>()
  for (let i = 0; i < keys.length; i++) {
    const rendered = renderJsonValue(values[i]!)
    const group = groups.get(keys[i]!)
    if (group === undefined) groups.set(keys[i]!, [rendered])
    else group.push(rendered)
  }
  return renderPairs(groups)
}

/** `{"k":v,...}` from keys in first-appearance order; a key with several values gets an array. */
export function renderPairs(groups: ReadonlyMap<string, readonly string[]>): string {
  let out = '{'
  let first = true
  for (const [key, rendered] of groups) {
    if (!first) out += ','
    first = false
    out += jsonString(key) + ':' + (rendered.length === 1 ? rendered[0]! : '[' + rendered.join(',') + ']')
  }
  return out + '}'
}

function hasRepeatedKey(keys: readonly string[]): boolean {
  const length = keys.length
  if (length < 2) return false
  if (length <= 8) {
    for (let i = 1; i < length; i++) {
      for (let j = 0; j < i; j++) if (keys[i] === keys[j]) return true
    }
    return false
  }
  return new Set(keys).size !== length
}
