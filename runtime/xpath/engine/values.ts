/**
 * Values crossing the engine boundary (xpath-functions.md section 12, notes dependencies.md 2(a)):
 * sequences go in as `null` (empty), a single JavaScript value, or a typed sequence from
 * `createTypedValueFactory` (never a JavaScript array, which would become an XPath array); contents
 * are decoded first (flows.md F-VAR-9). Results and custom-function arguments come back as Items:
 * JavaScript arrays are XPath arrays, plain objects maps (or the typed values `svcx:result` tags),
 * `Date` objects and duration objects typed values, functions function items.
 */
import fx from 'fontoxpath'

import { decodeContent, OXN_DOM_FACADE } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EMPTY, EngineValue, isNode, type Item, type Sequence, XPathArray, XPathMap } from '../../values/item.js'

/** Key of the maps `svcx:result` makes for typed atomic values. */
export const TYPED_KEY = 'urn:svc-gateway:typed'

const NODES = fx.createTypedValueFactory('node()*')
const ITEMS = fx.createTypedValueFactory('item()*')

/** A sequence as a fontoxpath variable value. */
export function toEngine(sequence: Sequence): unknown {
  if (sequence.length === 0) return null
  if (sequence.length === 1) return toEngineItem(sequence[0]!)
  const items = sequence.map(toEngineItem)
  return items.every((item) => isNode(item as Item))
    ? NODES(items as never, OXN_DOM_FACADE)
    : ITEMS(items as never, OXN_DOM_FACADE)
}

/** One item as the engine's JavaScript value. */
export function toEngineItem(item: Item): unknown {
  if (item instanceof Content) return toEngineItem(decodeContent(item))
  if (item instanceof XPathArray)
    return item.members.map((member) => (member.length === 0 ? null : toEngineItem(member[0]!)))
  if (item instanceof XPathMap) {
    const object: Record<string, unknown> = {}
    for (const [key, value] of item.entries) object[String(key)] = value.length === 0 ? null : toEngineItem(value[0]!)
    return object
  }
  if (item instanceof EngineValue)
    return item.value instanceof Date || typeof item.value === 'function' ? item.value : item.stringValue
  return item
}

/** An engine value (result item or custom-function argument) as an Item; null stands for no item. */
export function fromEngine(value: unknown): Item | undefined {
  if (value === null || value === undefined) return undefined
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value
    case 'function':
      return new EngineValue(value, '', 'function(*)')
    default:
      // objects and the rest: after the switch
      break
  }
  if (Array.isArray(value)) return new XPathArray(value.map(fromEngineSequence))
  // the engine hands date, dateTime, time and gYear… values alike: the precise type is unknown here
  if (value instanceof Date) return new EngineValue(value, dateTimeText(value), 'xs:anyAtomicType')
  const object = value as Record<string, unknown> & { nodeType?: unknown }
  if (typeof object.nodeType === 'number') return value as Item
  if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    if (typeof object[TYPED_KEY] === 'string') {
      return new EngineValue(object['value'], String(object['string'] ?? ''), object[TYPED_KEY] as string)
    }
    return new XPathMap(new Map(Object.keys(object).map((key) => [key, fromEngineSequence(object[key])])))
  }
  // durations and other engine objects print their XPath string value
  return new EngineValue(value, String(value), 'xs:duration')
}

/** A member or map value: one item or none. */
export function fromEngineSequence(value: unknown): Sequence {
  const item = fromEngine(value)
  return item === undefined ? EMPTY : [item]
}

/** All results of an evaluation. */
export function fromEngineResults(values: readonly unknown[]): Item[] {
  const items: Item[] = []
  for (const value of values) {
    const item = fromEngine(value)
    if (item !== undefined) items.push(item)
  }
  return items
}

function dateTimeText(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z')
}
