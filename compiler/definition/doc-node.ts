/**
 * The positioned document tree that both the YAML and the JSON reader produce: every mapping key,
 * mapping, sequence and scalar keeps the location where it is written, so diagnostics point at the
 * offending key or value (definition.md section 12). Aliases share the anchored node and merge keys
 * copy the anchored entries, so positions stay at the anchor (D9).
 */
import type { Loc } from '../diagnostics/source.js'
import type { PlainJson } from '../ir/definition.js'

export interface MapEntry {
  readonly key: string
  readonly keyLoc: Loc
  readonly value: DocNode
}

export interface MapNode {
  readonly kind: 'map'
  readonly loc: Loc
  readonly entries: readonly MapEntry[]
}

export interface SeqNode {
  readonly kind: 'seq'
  readonly loc: Loc
  readonly items: readonly DocNode[]
}

export interface ScalarNode {
  readonly kind: 'scalar'
  readonly loc: Loc
  readonly value: string | number | boolean | null
  /** The scalar as written (decoded), e.g. `2.0` for the number 2. */
  readonly text: string
  /** Written as a plain (unquoted) YAML scalar or a JSON literal rather than a quoted string. */
  readonly plain: boolean
}

export type DocNode = MapNode | SeqNode | ScalarNode

/** The entry with `key`, if any (the last one after merges; duplicates are already errors). */
export function entryOf(node: MapNode, key: string): MapEntry | undefined {
  for (let i = node.entries.length - 1; i >= 0; i--) if (node.entries[i]!.key === key) return node.entries[i]
  return undefined
}

export function valueOf(node: MapNode, key: string): DocNode | undefined {
  return entryOf(node, key)?.value
}

/** Where to report a missing required key: the first key of the mapping, else the mapping (section 12). */
export function missingKeyLoc(node: MapNode): Loc {
  return node.entries[0]?.keyLoc ?? node.loc
}

/** Wraps a suggested name in double quotes (for `; did you mean "x"?`). */
export function quote(text: string): string {
  return `"${text}"`
}

/** Escapes one JSON-pointer token (RFC 6901). */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Node limit when expanding a document to plain data (guards against alias bombs). */
export const MAX_EXPANDED_NODES = 1_000_000

/**
 * Plain JSON-like data of a subtree and, when `locs` is given, the location of every value in it by
 * JSON pointer (relative to `base`). An alias expands to copies whose pointers all map to the
 * anchored node (D9); the expansion is capped against alias bombs.
 */
export function toPlain(node: DocNode, base = '', locs?: Map<string, Loc>): PlainJson {
  let budget = MAX_EXPANDED_NODES
  const walk = (n: DocNode, pointer: string): PlainJson => {
    if (--budget < 0) throw new Error('document too large after alias expansion')
    locs?.set(pointer, n.loc)
    if (n.kind === 'scalar') return n.value
    if (n.kind === 'seq') return n.items.map((item, i) => walk(item, `${pointer}/${i}`))
    const out: Record<string, PlainJson> = {}
    for (const entry of n.entries) {
      Object.defineProperty(out, entry.key, {
        value: walk(entry.value, `${pointer}/${escapePointer(entry.key)}`),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return walk(node, base)
}
