/** The result of checking one scheme for one request (security.md A11, J8, BA7): passed with its output value, or failed with a reason. */
import type { JsonValue } from '../values/json-value.js'

export type SchemeOutcome =
  { readonly passed: true; readonly value: JsonValue } | { readonly passed: false; readonly reason: string }

export function passed(value: JsonValue): SchemeOutcome {
  return { passed: true, value }
}

export function failed(reason: string): SchemeOutcome {
  return { passed: false, reason }
}
