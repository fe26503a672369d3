/**
 * The shape of an `assert` body (actions.md ACT-assert-1, ACT-assert-4): a JSON array of assertions
 * `[expression, expected?, message?]`; `expected` is a string, number, boolean, `null` (default
 * `true`) or an object of compare flags (`file`, `mode`, `contains`, `pattern`). The compiler checks a
 * static body with it (CE), the run time a dynamic one (RF). Each problem carries the path of the
 * offending value (assertion index, element index, flag name) so the compiler can point at it.
 */
import { parseDelimitedPattern } from '../flow/actions/regex-pattern.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'

/** Compare flags of an `expected` object (ACT-assert-4). */
export interface ExpectedFlags {
  /** Golden file, relative to the test file. */
  readonly file?: string
  /** How `file` is compared; only with `file`. */
  readonly mode?: 'text' | 'json'
  readonly contains?: string
  /** A delimited pattern (ACT-regex-1 syntax; modifiers i, m, s, u). */
  readonly pattern?: string
}

export type Expected = string | number | boolean | null | ExpectedFlags

/** One checked assertion; the expression is still text. */
export interface AssertionSpec {
  readonly expression: string
  readonly expected: Expected
  readonly message: string | null
}

export interface AssertionProblem {
  /** Indexes into the body (assertion, then element) and a flag name, as far as known. */
  readonly path: readonly (number | string)[]
  readonly message: string
}

export type AssertionListCheck =
  | { readonly ok: true; readonly assertions: readonly AssertionSpec[] }
  | { readonly ok: false; readonly problem: AssertionProblem }

const FLAG_NAMES = ['file', 'mode', 'contains', 'pattern']
const PATTERN_MODIFIERS = 'imsu'

/** Checks a body result; the first problem found is reported. */
export function checkAssertionList(value: JsonValue): AssertionListCheck {
  if (!Array.isArray(value)) return fail([], `the body must be a JSON array of assertions, not ${kindOf(value)}`)
  const assertions: AssertionSpec[] = []
  for (let i = 0; i < value.length; i++) {
    const checked = checkAssertion(value[i]!, i)
    if ('message' in checked && 'path' in checked) return { ok: false, problem: checked }
    assertions.push(checked as AssertionSpec)
  }
  return { ok: true, assertions }
}

function checkAssertion(value: JsonValue, index: number): AssertionSpec | AssertionProblem {
  const n = index + 1
  if (!Array.isArray(value))
    return problem([index], `assertion ${n} must be an array [expression, expected?, message?], not ${kindOf(value)}`)
  const items = value as readonly JsonValue[]
  if (items.length === 0) return problem([index], `assertion ${n} is empty; expected [expression, expected?, message?]`)
  if (items.length > 3) return problem([index, 3], `assertion ${n} has more than three elements`)
  const expression = items[0]!
  if (typeof expression !== 'string')
    return problem([index, 0], `the expression of assertion ${n} must be a string, not ${kindOf(expression)}`)
  if (expression.trim() === '') return problem([index, 0], `the expression of assertion ${n} is empty`)
  const expected = items.length > 1 ? checkExpected(items[1]!, index) : true
  if (isProblem(expected)) return expected
  const message = items[2]
  if (message !== undefined && typeof message !== 'string')
    return problem([index, 2], `the message of assertion ${n} must be a string, not ${kindOf(message)}`)
  return { expression, expected, message: message ?? null }
}

function checkExpected(value: JsonValue, index: number): Expected | AssertionProblem {
  const n = index + 1
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (value instanceof JsonNumber) return value.value
  if (!(value instanceof JsonObject)) {
    return problem(
      [index, 1],
      `the expected value of assertion ${n} must be a string, number, boolean, null or an object of compare flags, not an array`,
    )
  }
  if (value.keys.length === 0)
    return problem([index, 1], `the compare flags of assertion ${n} are empty; use file, mode, contains or pattern`)
  const flags: { file?: string; mode?: 'text' | 'json'; contains?: string; pattern?: string } = {}
  for (let i = 0; i < value.keys.length; i++) {
    const key = value.keys[i]!
    const flag = value.values[i]!
    const at = [index, 1, key]
    if (!FLAG_NAMES.includes(key))
      return problem(at, `unknown compare flag "${key}" in assertion ${n}; expected file, mode, contains or pattern`)
    if (typeof flag !== 'string')
      return problem(at, `the compare flag ${key} of assertion ${n} must be a string, not ${kindOf(flag)}`)
    if (key === 'mode') {
      if (flag !== 'text' && flag !== 'json')
        return problem(
          at,
          `the compare flag mode of assertion ${n} must be "text" or "json", not ${JSON.stringify(flag)}`,
        )
      flags.mode = flag
    } else if (key === 'pattern') {
      const reason = patternProblem(flag)
      if (reason !== null) return problem(at, `invalid pattern in assertion ${n}: ${reason}`)
      flags.pattern = flag
    } else if (key === 'file') {
      if (flag === '') return problem(at, `the compare flag file of assertion ${n} is empty`)
      flags.file = flag
    } else flags.contains = flag
  }
  if (flags.mode !== undefined && flags.file === undefined)
    return problem([index, 1, 'mode'], `the compare flag mode of assertion ${n} needs file`)
  return flags
}

/** Why a `pattern` flag is unusable, or null (ACT-assert-4: ACT-regex-1 syntax, modifiers i, m, s, u). */
export function patternProblem(text: string): string | null {
  const parsed = parseDelimitedPattern(text)
  if (!parsed.ok) return parsed.reason
  // the modifiers are the letters after the closing delimiter, which is never a letter
  const modifiers = /[A-Za-z]*$/.exec(text)![0]
  for (const modifier of modifiers) {
    if (!PATTERN_MODIFIERS.includes(modifier)) return `modifier ${modifier} is not allowed here; use i, m, s or u`
  }
  return null
}

/** The RegExp of a checked `pattern` flag. */
export function patternRegExp(text: string): RegExp {
  const parsed = parseDelimitedPattern(text)
  if (!parsed.ok) throw new Error(parsed.reason)
  return new RegExp(parsed.source, parsed.flags)
}

function isProblem(value: Expected | AssertionProblem): value is AssertionProblem {
  return value !== null && typeof value === 'object' && 'path' in value && 'message' in value
}

function problem(path: readonly (number | string)[], message: string): AssertionProblem {
  return { path, message }
}

function fail(path: readonly (number | string)[], message: string): AssertionListCheck {
  return { ok: false, problem: { path, message } }
}

/** `an array`, `a string`, ... for messages. */
export function kindOf(value: JsonValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value instanceof JsonObject) return 'an object'
  if (value instanceof JsonNumber) return 'a number'
  return typeof value === 'string' ? 'a string' : 'a boolean'
}
