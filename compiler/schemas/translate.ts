/**
 * Translates a Swagger 2.0 schema (draft-04 dialect, validation.md VA28-VA30) into the schema ajv
 * compiles: the keywords of VA28 are kept (including `anyOf`, `oneOf`, `not`, `dependencies`,
 * `propertyNames`, `const`, `contains`, `if`/`then`/`else`, and keywords next to `$ref`); the
 * annotations of VA29 (`readOnly`, `xml`, `externalDocs`, `example`, `title`, `description`,
 * `default`), `id`/`$id`/`$schema` (VA30), nested `definitions`, `x-` keys and unknown keywords (already
 * warned about, CC26) are dropped; formats that are not checked (VA27) are dropped; `type: file`
 * accepts anything (VA24); `x-nullable: true` becomes `svcNullOr` (VA29). `$ref` values are rewritten
 * by the caller (compiler/schemas/registry.ts).
 */
import { isCheckedFormat } from '../../runtime/validate/formats.js'
import type { PlainJson } from '../ir/definition.js'
import { NULL_OR_KEYWORD } from './keywords.js'

export type SchemaObject = { [key: string]: PlainJson }

/** Rewrites one `$ref` value written in the schema being translated. */
export type RefRewriter = (ref: string) => string

/** Keywords whose value is kept as written. */
const DATA_KEYWORDS = new Set([
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
])

const SCHEMA_KEYWORDS = new Set(['not', 'propertyNames', 'contains', 'if', 'then', 'else'])
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf'])
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties'])

function isObject(value: PlainJson | undefined): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The ajv schema for `value` (a `discriminator` is left to the registry). */
export function translateSchema(value: PlainJson, rewrite: RefRewriter): PlainJson {
  if (!isObject(value)) return {}
  const out: SchemaObject = {}
  for (const [key, keyValue] of Object.entries(value)) {
    if (key === '$ref' && typeof keyValue === 'string') out[key] = rewrite(keyValue)
    else if (key === 'type') translateType(keyValue, out)
    else if (key === 'format') {
      if (typeof keyValue === 'string' && isCheckedFormat(keyValue)) out[key] = keyValue
    } else if (key === 'exclusiveMaximum' || key === 'exclusiveMinimum') {
      // draft-04: a flag of maximum / minimum, meaningless without it
      const limit = key === 'exclusiveMaximum' ? 'maximum' : 'minimum'
      if (keyValue === true && typeof value[limit] === 'number') out[key] = true
    } else if (key === 'required') {
      if (Array.isArray(keyValue) && keyValue.length > 0) out[key] = keyValue
    } else if (DATA_KEYWORDS.has(key)) out[key] = keyValue
    else if (SCHEMA_KEYWORDS.has(key)) out[key] = translateSchema(keyValue, rewrite)
    else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(keyValue))
      out[key] = keyValue.map((item) => translateSchema(item, rewrite))
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(keyValue))
      out[key] = mapValues(keyValue, (item) => translateSchema(item, rewrite))
    else if (key === 'additionalProperties')
      out[key] = typeof keyValue === 'boolean' ? keyValue : translateSchema(keyValue, rewrite)
    else if (key === 'items')
      out[key] = Array.isArray(keyValue)
        ? keyValue.map((item) => translateSchema(item, rewrite))
        : translateSchema(keyValue, rewrite)
    else if (key === 'dependencies' && isObject(keyValue)) {
      out[key] = mapValues(keyValue, (item) => (Array.isArray(item) ? item : translateSchema(item, rewrite)))
    }
  }
  return value['x-nullable'] === true ? { [NULL_OR_KEYWORD]: out } : out
}

/** `type`, without `file` (a file accepts anything, VA24). */
function translateType(type: PlainJson, out: SchemaObject): void {
  if (typeof type === 'string') {
    if (type !== 'file') out['type'] = type
  } else if (Array.isArray(type) && !type.includes('file')) {
    out['type'] = type
  }
}

function mapValues(object: SchemaObject, map: (value: PlainJson) => PlainJson): SchemaObject {
  const out: SchemaObject = {}
  // property names are user data: `__proto__` must stay an ordinary member
  for (const [key, value] of Object.entries(object))
    Object.defineProperty(out, key, { value: map(value), enumerable: true, writable: true, configurable: true })
  return out
}
