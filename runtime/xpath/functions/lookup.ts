/**
 * `lookup(file, key, default = '')` (xpath-functions.md FN-lookup-1..3; LOC-1): the member `key` of
 * the JSON object in a `.json` file (lower-case extension): a string as it is, a number as its
 * literal, a boolean as `true`/`false`, an object or array as compact JSON, `null` as the default. A
 * missing member gives the default; a missing or invalid file, a file that is no object, or another
 * extension (`.shmt` is not supported): RW and the default.
 */
import { JsonSyntaxError, renderJsonValue, toXPathString } from '../../oxn/index.js'
import { JsonNumber, JsonObject } from '../../values/json-value.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { readJsonLocation } from './json-doc.js'
import { leavesSiteRoot, parseFunctionLocation } from './locations.js'

export function xpLookup(call: FunctionCall, file: Value, key: Value, fallback?: Value): string {
  const text = toXPathString(file)
  const otherwise = fallback === undefined ? '' : toXPathString(fallback)
  const fail = (reason: string): string => {
    warn(call, 'lookup', reason)
    return otherwise
  }
  if (!text.endsWith('.json')) return fail(`${text}: only .json files are supported`)
  const parsed = parseFunctionLocation(call, text)
  if (!parsed.ok) return fail(leavesSiteRoot(parsed.reason) ? `${text} not found` : parsed.reason)
  const json = readJsonLocation(call, parsed.location)
  if (json === undefined) return fail(`${text} not found`)
  if (json instanceof JsonSyntaxError)
    return fail(`${text}: invalid JSON at ${json.line}:${json.column} (${json.reason})`)
  if (!(json instanceof JsonObject)) return fail(`${text} does not hold a JSON object`)
  const value = json.get(toXPathString(key))
  if (value === undefined || value === null) return otherwise
  if (typeof value === 'string') return value
  if (value instanceof JsonNumber) return value.text
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return renderJsonValue(value)
}
