/**
 * How an assertion compares (actions.md ACT-assert-2 .. ACT-assert-4): the actual value is normalised
 * first (empty node-set: null; a JSON (OXN) node: its JSON value; another node: its string value; a
 * content value: its text; a scalar: as is), then compared with a literal `expected` (null, boolean,
 * number by XPath `number()`, string by the XPath string value, structured JSON as compact JSON text)
 * or checked against every given compare flag (golden `file` as text or JSON, `contains`, `pattern`).
 * Also the texts of a failure line (operations.md TS11: `expected <expected>, got <actual>`).
 */
import {
  effectiveBooleanValue,
  OxnDocument,
  OxnElement,
  parseJson,
  renderJsonValue,
  toXPathNumber,
  toXPathString,
} from '../oxn/index.js'
import { formatXPathNumber } from '../oxn/number-text.js'
import { Content } from '../values/content.js'
import { isNode, type Sequence } from '../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { type Expected, type ExpectedFlags, patternRegExp } from './assertion-spec.js'

/** The normalised actual value (ACT-assert-2); objects and arrays stay structured. */
export type ActualValue = null | string | number | boolean | JsonObject | readonly JsonValue[]

export interface Actual {
  readonly value: ActualValue
  /** The expression's result as evaluated (XPath `boolean()`, string and number conversions). */
  readonly raw: Sequence
}

export interface Comparison {
  readonly pass: boolean
  /** `50`, `"de"`, `a string containing "json"` ... */
  readonly expected: string
  /** The actual value as a short one-line text. */
  readonly actual: string
}

/** Reads a golden file named relative to the test file; undefined when it cannot be read. */
export type GoldenReader = (file: string) => string | undefined

/** Longest actual or expected text written in a failure line; longer ones are cut with `…`. */
const MAX_SHOWN = 300

/** ACT-assert-2. */
export function actualOf(raw: Sequence): Actual {
  return { value: normalise(raw), raw }
}

function normalise(raw: Sequence): ActualValue {
  const first = raw[0]
  if (first === undefined) return null
  if (typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean') return first
  if (first instanceof Content) return first.text
  if (first instanceof OxnElement) return jsonActual(first.json)
  if (first instanceof OxnDocument) return jsonActual(first.documentElement.json)
  if (isNode(first)) return safeString(raw)
  return safeString(raw)
}

function jsonActual(value: JsonValue): ActualValue {
  return value instanceof JsonNumber ? value.value : value
}

function isStructured(value: ActualValue): value is JsonObject | readonly JsonValue[] {
  return value instanceof JsonObject || Array.isArray(value)
}

/** The XPath string value (structured JSON: its compact JSON text). */
export function stringOf(actual: Actual): string {
  return isStructured(actual.value) ? renderJsonValue(actual.value) : safeString(actual.raw)
}

/** XPath `number()` of the actual value (structured JSON: NaN). */
export function numberOf(actual: Actual): number {
  if (isStructured(actual.value)) return NaN
  try {
    return toXPathNumber(actual.raw)
  } catch {
    return NaN
  }
}

function safeString(raw: Sequence): string {
  try {
    return toXPathString(raw)
  } catch {
    return ''
  }
}

/** Compares the actual value with `expected` (ACT-assert-3, ACT-assert-4). */
export function compare(actual: Actual, expected: Expected, readGolden: GoldenReader): Comparison {
  const shown = showActual(actual.value)
  if (expected === null) return { pass: actual.value === null, expected: 'null', actual: shown }
  if (typeof expected === 'boolean') {
    const value = actual.value
    const pass = typeof value === 'boolean' ? value === expected : safeBoolean(actual.raw) === expected
    return { pass, expected: String(expected), actual: shown }
  }
  if (typeof expected === 'number')
    return { pass: numberOf(actual) === expected, expected: formatXPathNumber(expected), actual: shown }
  if (typeof expected === 'string')
    return { pass: stringOf(actual) === expected, expected: cut(JSON.stringify(expected)), actual: shown }
  return compareFlags(actual, expected, readGolden, shown)
}

function compareFlags(actual: Actual, flags: ExpectedFlags, readGolden: GoldenReader, shown: string): Comparison {
  const wanted: string[] = []
  let pass = true
  const text = stringOf(actual)
  if (flags.file !== undefined) {
    const mode = flags.mode ?? 'text'
    const golden = readGolden(flags.file)
    if (golden === undefined) {
      wanted.push(`${mode} of ${flags.file} (file not found)`)
      pass = false
    } else if (mode === 'text') {
      wanted.push(`text of ${flags.file}`)
      pass &&= golden.replace(/(\r\n|\r|\n)$/, '') === text
    } else {
      const expectedJson = parseOrUndefined(golden)
      wanted.push(`JSON of ${flags.file}${expectedJson === undefined ? ' (not valid JSON)' : ''}`)
      const actualJson = isStructured(actual.value)
        ? actual.value
        : typeof actual.value === 'string'
          ? parseOrUndefined(actual.value)
          : actual.value
      pass &&= expectedJson !== undefined && actualJson !== undefined && jsonEqual(actualJson, expectedJson)
    }
  }
  if (flags.contains !== undefined) {
    wanted.push(`a string containing ${JSON.stringify(flags.contains)}`)
    pass &&= text.includes(flags.contains)
  }
  if (flags.pattern !== undefined) {
    wanted.push(`a string matching ${flags.pattern}`)
    pass &&= patternRegExp(flags.pattern).test(text)
  }
  return { pass, expected: cut(wanted.join(' and ')), actual: shown }
}

function safeBoolean(raw: Sequence): boolean {
  try {
    return effectiveBooleanValue(raw)
  } catch {
    return false
  }
}

function parseOrUndefined(text: string): JsonValue | undefined {
  try {
    return parseJson(text.trim())
  } catch {
    return undefined
  }
}

/** Deep equality of JSON values: object member order does not matter, array order does; numbers by value. */
export function jsonEqual(a: JsonValue | number, b: JsonValue | number): boolean {
  const x = a instanceof JsonNumber ? a.value : a
  const y = b instanceof JsonNumber ? b.value : b
  if (x === null || typeof x !== 'object') return x === y
  if (y === null || typeof y !== 'object') return false
  if (x instanceof JsonObject) {
    if (!(y instanceof JsonObject) || x.keys.length !== y.keys.length) return false
    return x.keys.every((key, i) => {
      const other = y.get(key)
      return other !== undefined && jsonEqual(x.values[i]!, other)
    })
  }
  if (!Array.isArray(y) || y instanceof JsonObject) return false
  const left = x as readonly JsonValue[]
  const right = y as readonly JsonValue[]
  return left.length === right.length && left.every((item, i) => jsonEqual(item, right[i]!))
}

/** The actual value of a failure line: strings quoted, structured JSON compact. */
export function showActual(value: ActualValue): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return cut(JSON.stringify(value))
  if (typeof value === 'number') return formatXPathNumber(value)
  if (typeof value === 'boolean') return String(value)
  return cut(renderJsonValue(value))
}

function cut(text: string): string {
  const chars = [...text]
  return chars.length <= MAX_SHOWN ? text : `${chars.slice(0, MAX_SHOWN).join('')}…`
}
