/**
 * The `$upstream` variable (upstream.md UP-VAR-1..4, flows.md F-VAR-15): undefined until the first
 * result is stored, then an object with one entry per request ID in the order the IDs were first
 * stored (a reused ID keeps its position). An entry holds `url`, `status`, `cacheHit`, `headers`
 * (lower-cased names; repeated fields joined with `, `, except `set-cookie`, which becomes one member
 * per line) and, after a failure, `error`. The variable's OXN tree is rebuilt from the previous
 * value on each store, so no extra per-request state is needed; when no flow of the app can read
 * `$upstream` (FlowContext.readsUpstream), nothing is stored.
 */
import type { FlowContext } from '../context/flow-context.js'
import { OxnElement, oxnRoot } from '../oxn/index.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'

export interface UpstreamEntry {
  readonly url: string
  /** The pool target that answered (UP-POOL-2); null or absent for a plain origin. */
  readonly target?: string | null
  readonly status: number
  readonly cacheHit: boolean
  /** Raw header names and values as received; empty after a transport failure. */
  readonly rawHeaders: readonly string[]
  readonly error?: JsonObject
}

/** Stores (or replaces) the entry of `id`. */
export function storeUpstreamEntry(ctx: FlowContext, id: string, entry: UpstreamEntry): void {
  if (!ctx.readsUpstream) return
  const current = ctx.vars.get('upstream')[0]
  const previous = current instanceof OxnElement && current.json instanceof JsonObject ? current.json : null
  const keys = previous === null ? [] : [...previous.keys]
  const values = previous === null ? [] : [...previous.values]
  const value = entryObject(entry)
  const at = keys.indexOf(id)
  if (at < 0) {
    keys.push(id)
    values.push(value)
  } else values[at] = value
  ctx.vars.set('upstream', [oxnRoot(new JsonObject(keys, values))])
}

function entryObject(entry: UpstreamEntry): JsonObject {
  const keys = ['url', 'status', 'cacheHit', 'headers']
  const values: JsonValue[] = [
    entry.url,
    new JsonNumber(String(entry.status)),
    entry.cacheHit,
    headersObject(entry.rawHeaders),
  ]
  if (entry.target != null) {
    keys.splice(1, 0, 'target')
    values.splice(1, 0, entry.target)
  }
  if (entry.error !== undefined) {
    keys.push('error')
    values.push(entry.error)
  }
  return new JsonObject(keys, values)
}

/** UP-VAR-2, UP-VAR-4. */
export function headersObject(rawHeaders: readonly string[]): JsonObject {
  const keys: string[] = []
  const values: string[] = []
  const index = new Map<string, number>()
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    const value = rawHeaders[i + 1]!
    const at = name === 'set-cookie' ? undefined : index.get(name)
    if (at === undefined) {
      index.set(name, keys.length)
      keys.push(name)
      values.push(value)
    } else values[at] = `${values[at]}, ${value}`
  }
  return new JsonObject(keys, values)
}
