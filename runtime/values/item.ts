/**
 * Values of variables and expressions (flows.md F-VAR-4). Every value is a sequence of items; a
 * variable that was never set reads as the empty sequence (F-VAR-6).
 *
 * - strings, numbers and booleans are plain JavaScript values (every XPath numeric type is a double,
 *   xpath-functions.md XP-AR-2);
 * - nodes are OXN nodes (runtime/oxn) or DOM nodes of parsed XML/HTML, both shaped as fontoxpath
 *   expects (`nodeType` and friends);
 * - contents (`$body`, upstream bodies) are decoded lazily when an expression reads them;
 * - XPath maps, arrays and other engine values are wrapped so that they are never confused with
 *   sequences or plain objects.
 */
import type { Content } from './content.js'

/** Any node the expression engine can navigate. */
export interface XNode {
  readonly nodeType: number
}

/** An XPath 3.1 map; keys are atomic values, kept in insertion order. */
export class XPathMap {
  constructor(readonly entries: ReadonlyMap<string | number | boolean, Sequence>) {}
}

/** An XPath 3.1 array: each member is a sequence. */
export class XPathArray {
  constructor(readonly members: readonly Sequence[]) {}
}

/**
 * Any other atomic value the engine produced (date, time, duration, QName, binary, function item):
 * kept as the engine's own object, with its XPath string value.
 */
export class EngineValue {
  constructor(
    readonly value: unknown,
    readonly stringValue: string,
    /** `xs:date`, `function(*)` ... as far as known. */
    readonly typeName: string,
  ) {}
}

export type Item = string | number | boolean | XNode | Content | XPathMap | XPathArray | EngineValue

export type Sequence = readonly Item[]

export const EMPTY: Sequence = Object.freeze([]) as Sequence

/**
 * A one-item sequence for per-request values that hold large trees (bodies, documents). Made by
 * `new Array`, not by a `[item]` literal: V8 may decide while a process warms up that a literal's
 * arrays live long ("pretenuring" by allocation site) and allocate them in the old generation, where
 * each one then keeps its request's whole tree alive through every young collection until the next
 * full one (measured under load: seven times the bytes promoted per scavenge, pauses to match).
 * Arrays made by `new Array` and class instances are never pretenured.
 */
export function singleton(item: Item): Sequence {
  // pushed rather than `new Array(1)`: a packed array, not a holey one
  const sequence = new Array<Item>()
  sequence.push(item)
  return sequence
}

export function isNode(item: Item): item is XNode {
  return typeof item === 'object' && item !== null && typeof (item as XNode).nodeType === 'number'
}
