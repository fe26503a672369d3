/**
 * Typed JSON output of items and sequences (templates.md T-OUT-2..T-OUT-9): nodes by OXN-R, strings by
 * T-ESC-1, numbers by T-OUT-4, booleans, XPath maps and arrays as objects and arrays (T-OUT-8), function
 * items as `null` (T-OUT-9), other atomic values as strings of their value (T-OUT-6), and a content
 * value as the JSON of its decoded form (OXN-X6).
 */
import { Content } from '../values/content.js'
import { EngineValue, type Item, type Sequence, XPathArray, XPathMap } from '../values/item.js'
import { decodeContent } from './decode-content.js'
import { jsonString } from './json-string.js'
import { formatJsonNumber, formatXPathNumber } from './number-text.js'
import { renderNode } from './render-node.js'
import { XPathValueError } from './value-error.js'

/** Compact JSON text of one item. Throws `XPathValueError` (SERE0023) for a map/array member of several items. */
export function renderJson(item: Item): string {
  switch (typeof item) {
    case 'string':
      return jsonString(item)
    case 'number':
      return formatJsonNumber(item)
    case 'boolean':
      return item ? 'true' : 'false'
    default:
      // objects and the rest: after the switch
      break
  }
  if (item instanceof Content) return renderJson(decodeContent(item))
  if (item instanceof XPathMap) return renderMap(item)
  if (item instanceof XPathArray) return renderArray(item)
  if (item instanceof EngineValue) return isFunctionItem(item) ? 'null' : jsonString(item.stringValue)
  return renderNode(item)
}

/**
 * A sequence written where one JSON value is expected: empty -> `null` (T-OUT-2); one item -> that
 * item; several items -> the first (T-OUT-3, `several: 'first'`, the placeholder rule) or a JSON array
 * of every item's rendering (`several: 'array'`, e.g. several nodes as a response body, F-RESP-4).
 */
export function renderSequenceJson(sequence: Sequence, several: 'first' | 'array' = 'first'): string {
  if (sequence.length === 0) return 'null'
  if (sequence.length === 1 || several === 'first') return renderJson(sequence[0]!)
  let out = '['
  for (let i = 0; i < sequence.length; i++) {
    if (i > 0) out += ','
    out += renderJson(sequence[i]!)
  }
  return out + ']'
}

/** T-OUT-8: entries in ECMAScript property order of the keys' string values; equal keys: last value. */
function renderMap(map: XPathMap): string {
  const byKey: Record<string, Sequence> = Object.create(null)
  for (const [key, value] of map.entries) byKey[keyString(key)] = value
  let out = '{'
  let first = true
  for (const key of Object.keys(byKey)) {
    if (!first) out += ','
    first = false
    out += jsonString(key) + ':' + renderMember(byKey[key]!)
  }
  return out + '}'
}

function renderArray(array: XPathArray): string {
  let out = '['
  for (let i = 0; i < array.members.length; i++) {
    if (i > 0) out += ','
    out += renderMember(array.members[i]!)
  }
  return out + ']'
}

function renderMember(member: Sequence): string {
  if (member.length === 0) return 'null'
  if (member.length > 1) {
    throw new XPathValueError('SERE0023', 'a map entry or array member holding several items cannot be written as JSON')
  }
  return renderJson(member[0]!)
}

function keyString(key: string | number | boolean): string {
  if (typeof key === 'string') return key
  if (typeof key === 'number') return formatXPathNumber(key)
  return key ? 'true' : 'false'
}

function isFunctionItem(value: EngineValue): boolean {
  return value.typeName.startsWith('function')
}
