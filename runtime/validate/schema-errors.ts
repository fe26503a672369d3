/**
 * Turns the errors of a generated schema validator into violation entries (validation.md VA32,
 * VA32a): the capitalised keyword, the location, the name (a parameter's name, or for bodies the JSON
 * Pointer of the failing value, `/` for the root, the would-be pointer of a missing or extra property)
 * and the detail text of the VA32a table.
 *
 * For `anyOf`, `oneOf`, `if` and `contains` only the keyword's own entry is reported: the compiler's
 * versions of these keywords record in `params.svcSubErrors` how many errors of their subschemas
 * precede them, and those are dropped; errors of a `propertyNames` subschema carry `propertyName` and
 * are dropped the same way. `allOf` has no entry of its own (its subschemas' errors are the entries).
 */
import type { SchemaError } from './plan.js'
import { quote, violation, type ViolationLocation } from './violation.js'

/** How the entries of one validated value are named and quoted. */
export interface ErrorSite {
  readonly location: ViolationLocation
  /** The `<name>` for an error at `pointer` (a JSON Pointer into the validated value). */
  name(pointer: string): string
  /** The `<v>` text of the value at `pointer` (quoted by the caller). */
  valueText(pointer: string): string
  /** The value is never quoted (VA34). */
  readonly secret: boolean
}

/** The keys the compiler's custom keywords use (compiler/schemas). */
export const SUB_ERRORS_PARAM = 'svcSubErrors'
export const DISCRIMINATOR_KEYWORD = 'svcDiscriminator'

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null',
}

/** `a string`, `an integer`, ... for a type name (VA32a `Type`). */
export function typeName(type: string): string {
  return TYPE_NAMES[type] ?? type
}

/** Errors that are entries of their own, in order (sub-errors of composite keywords left out). */
export function reportableErrors(errors: readonly SchemaError[]): SchemaError[] {
  const dropped = new Array<boolean>(errors.length).fill(false)
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!
    const count = error.params[SUB_ERRORS_PARAM]
    if (typeof count === 'number') for (let j = Math.max(0, i - count); j < i; j++) dropped[j] = true
    if (error.propertyName !== undefined && error.keyword !== 'propertyNames') dropped[i] = true
  }
  return errors.filter((_, i) => !dropped[i])
}

/**
 * Appends one entry per reportable error to `out`. An entry equal to one already there is left out
 * (a discriminator's cases repeat the checks of the schema they extend, VA29).
 */
export function reportSchemaErrors(errors: readonly SchemaError[], site: ErrorSite, out: string[]): void {
  const known = out.length
  for (const error of reportableErrors(errors)) {
    const entry = entryOf(error, site)
    if (out.indexOf(entry, known) < 0) out.push(entry)
  }
}

/** `/a/b` + `c` as a JSON Pointer. */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`
}

function capitalised(keyword: string): string {
  return keyword.charAt(0).toUpperCase() + keyword.slice(1)
}

function number(value: unknown): string {
  return JSON.stringify(value)
}

function entryOf(error: SchemaError, site: ErrorSite): string {
  const at = error.instancePath
  const params = error.params
  const v = (): string => quote(site.valueText(at), site.secret)
  const entry = (keyword: string, detail: string, pointer = at): string =>
    violation(keyword, site.location, site.name(pointer), detail)
  switch (error.keyword) {
    case 'required':
      return entry('Required', 'the property is required', childPointer(at, String(params['missingProperty'])))
    case 'type': {
      const type = params['type']
      const types = Array.isArray(type) ? (type as string[]) : String(type).split(',')
      const detail =
        types.length === 1 ? `${v()} is not ${typeName(types[0]!)}` : `${v()} is not one of ${types.join(', ')}`
      return entry('Type', detail)
    }
    case 'format':
      return entry('Format', `${v()} is not a valid ${String(params['format'])}`)
    case 'pattern':
      return entry('Pattern', `${v()} does not match '${String(params['pattern'])}'`)
    case 'enum':
    case 'const':
      return entry(capitalised(error.keyword), `${v()} is not an allowed value`)
    case 'minimum':
    case 'maximum':
      return entry(
        capitalised(error.keyword),
        `${v()} ${comparisonText(String(params['comparison']))} ${number(params['limit'])}`,
      )
    case 'minLength':
      return entry('MinLength', `${v()} is shorter than ${number(params['limit'])} characters`)
    case 'maxLength':
      return entry('MaxLength', `${v()} is longer than ${number(params['limit'])} characters`)
    case 'minItems':
      return entry('MinItems', `the array has fewer than ${number(params['limit'])} items`)
    case 'maxItems':
      return entry('MaxItems', `the array has more than ${number(params['limit'])} items`)
    case 'uniqueItems':
      return entry('UniqueItems', 'the array has duplicate items')
    case 'contains':
      return entry('Contains', 'no array item matches the required schema')
    case 'multipleOf':
      return entry('MultipleOf', `${v()} is not a multiple of ${number(params['multipleOf'])}`)
    case 'minProperties':
      return entry('MinProperties', `the object has fewer than ${number(params['limit'])} properties`)
    case 'maxProperties':
      return entry('MaxProperties', `the object has more than ${number(params['limit'])} properties`)
    case 'additionalProperties':
      return entry(
        'AdditionalProperties',
        'the property is not allowed',
        childPointer(at, String(params['additionalProperty'])),
      )
    case 'dependencies':
      return entry(
        'Dependencies',
        `the property ${String(params['missingProperty'])} is required when ${String(params['property'])} is present`,
      )
    case 'propertyNames':
      return entry(
        'PropertyNames',
        `${quote(String(params['propertyName']), site.secret)} is not an allowed property name`,
      )
    case 'anyOf':
      return entry('AnyOf', 'the value matches none of the alternatives')
    case 'oneOf':
      return entry(
        'OneOf',
        Array.isArray(params['passingSchemas'])
          ? 'the value matches more than one alternative'
          : 'the value matches none of the alternatives',
      )
    case 'not':
      return entry('Not', 'the value matches a forbidden schema')
    case 'if':
      return entry(
        'If',
        `the value does not match the '${params['failingKeyword'] === 'else' ? 'else' : 'then'}' schema`,
      )
    case DISCRIMINATOR_KEYWORD:
      return discriminatorEntry(error, site)
    default:
      return entry(capitalised(error.keyword), `${v()} is not valid`)
  }
}

function comparisonText(comparison: string): string {
  switch (comparison) {
    case '>=':
      return 'is less than'
    case '>':
      return 'is not greater than'
    case '<=':
      return 'is greater than'
    default:
      return 'is not less than'
  }
}

/** VA29: the discriminator property missing (Required), not a string (Type), or naming no allowed definition. */
function discriminatorEntry(error: SchemaError, site: ErrorSite): string {
  const property = String(error.params['property'])
  const pointer = childPointer(error.instancePath, property)
  const name = site.name(pointer)
  switch (error.params['problem']) {
    case 'missing':
      return violation('Required', site.location, name, 'the property is required')
    case 'type':
      return violation('Type', site.location, name, `${quote(site.valueText(pointer), site.secret)} is not a string`)
    default:
      return violation(
        'Discriminator',
        site.location,
        name,
        `${quote(site.valueText(pointer), site.secret)} names no allowed definition`,
      )
  }
}
