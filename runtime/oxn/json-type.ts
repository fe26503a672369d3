/**
 * JSON types of OXN elements and their type attributes (oxn.md OXN-2), and the element name of an
 * object member (OXN-4, OXN-5).
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { isNCName } from './ncname.js'

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null'

/** The type attribute names in the precedence order of OXN-R2 (the first present one counts). */
export const JSON_TYPES: readonly JsonType[] = Object.freeze(['object', 'array', 'string', 'number', 'boolean', 'null'])

/** The element name used for keys that are not NCNames, and for that key itself (OXN-4). */
export const ESCAPED_MEMBER_NAME = 'json-element'

/** The name of the root element (OXN-1) and of array items (OXN-5). */
export const ROOT_NAME = 'json'
export const ITEM_NAME = 'value'

/** The JSON type of a value (OXN-2). */
export function jsonTypeOf(value: JsonValue): JsonType {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'boolean':
      return 'boolean'
    default:
      if (value instanceof JsonNumber) return 'number'
      if (value instanceof JsonObject) return 'object'
      return 'array'
  }
}

/** The element name of an object member with this key (OXN-4). */
export function memberElementName(key: string): string {
  return key !== ESCAPED_MEMBER_NAME && isNCName(key) ? key : ESCAPED_MEMBER_NAME
}
