/**
 * Reading JSON values of upstream configuration objects (upstream.md UP-CFG-1, UP-OPT-1): type names
 * for messages, member iteration, `null` (and for some properties `""`) as "not set", the option
 * coercions (`"true"`/`"false"` booleans, numeric strings), and text for header, query and cookie
 * values (strings as is, numbers as their literal, booleans as `true`/`false`).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { type ConfigPath, type ConfigProblems, pathText } from './config-problems.js'

export function jsonTypeName(value: JsonValue): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'boolean') return 'a boolean'
  if (value instanceof JsonNumber) return 'a number'
  if (value instanceof JsonObject) return 'an object'
  return 'an array'
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return value instanceof JsonObject
}

export function isArray(value: JsonValue | undefined): value is readonly JsonValue[] {
  return Array.isArray(value)
}

/** Members in order; a hand-built object may repeat a key (kept). */
export function membersOf(object: JsonObject): [string, JsonValue][] {
  return object.keys.map((key, i) => [key, object.values[i]!])
}

/** A scalar as text for headers, query, form and cookie values; undefined for arrays and objects. */
export function scalarText(value: JsonValue): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof JsonNumber) return value.text
  return undefined
}

/** A string property: undefined when absent or null (UP-CFG-1); reports other types. */
export function optionalString(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  problems.error(path, `${pathText(path)} must be a string, not ${jsonTypeName(value)}`)
  return undefined
}

/** UP-OPT-1 booleans: `true`, `false`, `"true"`, `"false"`; null means not set. */
export function optionBoolean(value: JsonValue, path: ConfigPath, problems: ConfigProblems): boolean | undefined {
  if (value === null) return undefined
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  problems.error(path, `${pathText(path)} must be true or false, not ${describe(value)}`)
  return undefined
}

const NUMERIC_TEXT = /^[0-9]+(\.[0-9]+)?$/

/** UP-OPT-1 numbers: JSON numbers or strings matching `^[0-9]+(\.[0-9]+)?$`; undefined when invalid. */
export function optionNumber(
  value: JsonValue,
  path: ConfigPath,
  problems: ConfigProblems,
  expected: string,
): number | undefined {
  let number: number | undefined
  if (value instanceof JsonNumber) number = value.value
  else if (typeof value === 'string' && NUMERIC_TEXT.test(value)) number = Number(value)
  if (number === undefined || !Number.isFinite(number)) {
    problems.error(path, `${pathText(path)} must be ${expected}, not ${describe(value)}`)
    return undefined
  }
  return number
}

/** A value for messages: short JSON text, or its type for containers. */
export function describe(value: JsonValue): string {
  if (value instanceof JsonObject || Array.isArray(value)) return jsonTypeName(value)
  if (value instanceof JsonNumber) return value.text
  const text = JSON.stringify(value)
  return text.length > 40 ? `${text.slice(0, 37)}..."` : text
}
