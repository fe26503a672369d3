/**
 * A child path (`a/b/c`, element names only) read straight from the JSON an OXN element stands for,
 * without making nodes: the value of the first element the path selects in document order, as the
 * OXN tree would select it (OXN-3 members by key, OXN-5 `value` for array items). Used where only
 * that value is needed, such as a template placeholder (templates.md T-OUT-3: the first item).
 */
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { ITEM_NAME } from './json-type.js'
import { renderJsonValue } from './render-json-value.js'

/**
 * The compact JSON of the first value `names` selects below `json` (oxn.md OXN-R), or `null` when it
 * selects nothing (templates.md T-OUT-2): what a template writes for a child-path placeholder.
 */
export function renderMemberAt(json: JsonValue, names: readonly string[], from = 0): string {
  const found = firstMemberAt(json, names, from)
  return found === undefined ? 'null' : renderJsonValue(found)
}

/**
 * The first value `names` selects below `json`, or undefined when it selects nothing. The names are
 * NCNames other than `json-element`, so a member matches exactly when its key equals the name.
 */
export function firstMemberAt(json: JsonValue, names: readonly string[], from = 0): JsonValue | undefined {
  if (from === names.length) return json
  const name = names[from]!
  if (json instanceof JsonObject) {
    const keys = json.keys
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== name) continue
      // a hand-built object may repeat a key: a later member can hold what an earlier one lacks
      const found = firstMemberAt(json.values[i]!, names, from + 1)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (Array.isArray(json) && name === ITEM_NAME) {
    const items = json as readonly JsonValue[]
    for (let i = 0; i < items.length; i++) {
      const found = firstMemberAt(items[i]!, names, from + 1)
      if (found !== undefined) return found
    }
  }
  return undefined
}
