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

export function isNode(item: Item): item is XNode {
  return typeof item === 'object' && item !== null && typeof (item as XNode).nodeType === 'number'
}
