/**
 * Child paths read straight from JSON (runtime/oxn/member-path.ts) select what the OXN tree selects:
 * for every path and document below, the first value `firstMemberAt` finds renders exactly as the
 * first node of the same child steps taken through the tree (OXN-3..OXN-5, templates.md T-OUT-3),
 * including hand-built objects that repeat a key, arrays (`value`), keys that are not NCNames and a
 * member named `value`.
 */
import { describe, expect, it } from 'vitest'

import {
  childByName,
  firstMemberAt,
  type OxnElement,
  oxnRoot,
  parseJson,
  renderJson,
} from '../../../../runtime/oxn/index.js'
import { JsonObject, type JsonValue } from '../../../../runtime/values/index.js'

/** The path taken through the OXN tree: every step from every node, in document order. */
function viaTree(json: JsonValue, names: readonly string[]): string | undefined {
  let nodes: readonly OxnElement[] = [oxnRoot(json)]
  for (const name of names) nodes = nodes.flatMap((node) => childByName(node, name))
  return nodes.length === 0 ? undefined : renderJson(nodes[0]!)
}

function direct(json: JsonValue, names: readonly string[]): string | undefined {
  const found = firstMemberAt(json, names)
  return found === undefined ? undefined : renderJson(oxnRoot(found))
}

const REPEATED = JsonObject.fromEntries([['a', parseJson('{"x": 1}')]])
// fromEntries merges repeats; a hand-built object (xml-to-json, functions) may keep them
const HAND_BUILT = new JsonObject(
  ['a', 'b', 'a'],
  [parseJson('{"y": 1}'), parseJson('2'), parseJson('{"x": 3, "y": 4}')],
)

const DOCUMENTS: [string, JsonValue][] = [
  ['nested objects', parseJson('{"a": {"b": {"c": 1.50}}, "b": "s", "value": {"c": true}}')],
  ['arrays', parseJson('{"a": [{"b": 1}, {"c": 2}, {"b": 3}], "m": [[1, 2], [3]], "e": []}')],
  ['non-NCName keys', parseJson('{"a b": 1, "1x": 2, "json-element": 3, "a": {"c d": 4}}')],
  ['null and empty', parseJson('{"a": null, "b": {}, "c": "", "d": [null]}')],
  ['top-level array', parseJson('[{"a": 1}, {"a": 2}]')],
  ['a scalar', parseJson('"text"')],
  ['merged repeat', REPEATED],
  ['hand-built repeat', HAND_BUILT],
]

const PATHS = [
  ['a'],
  ['b'],
  ['a', 'b'],
  ['a', 'b', 'c'],
  ['a', 'x'],
  ['a', 'y'],
  ['a', 'value', 'b'],
  ['a', 'value', 'c'],
  ['m', 'value', 'value'],
  ['e', 'value'],
  ['value'],
  ['value', 'c'],
  ['value', 'a'],
  ['d', 'value'],
  ['c'],
  ['a', 'c'],
  ['json'],
]

describe('firstMemberAt', () => {
  for (const [name, json] of DOCUMENTS) {
    it(`selects what the tree selects: ${name}`, () => {
      for (const path of PATHS) expect(direct(json, path), path.join('/')).toBe(viaTree(json, path))
    })
  }

  it('finds a later repeated member when the first lacks the rest of the path', () => {
    expect(direct(HAND_BUILT, ['a', 'x'])).toBe('3')
    expect(direct(HAND_BUILT, ['a', 'y'])).toBe('1')
  })

  it('an empty path is the value itself', () => {
    expect(firstMemberAt(null, [])).toBeNull()
  })
})
