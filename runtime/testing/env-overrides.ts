/**
 * The body of a `set-env` action as environment overrides (actions.md ACT-set-env-1, ACT-set-env-2):
 * checked by the compiler for a static body and by the action at run time. Apart from the action, so
 * that the compiler does not load the test run and the gateway with it.
 */
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { kindOf } from './assertion-spec.js'

/** Name and new value (null: removed) of each variable, in body order. */
export type EnvOverrides = readonly (readonly [string, string | null])[]

export type EnvOverridesCheck =
  | { readonly ok: true; readonly overrides: EnvOverrides }
  | { readonly ok: false; readonly key: string | null; readonly message: string }

/** ACT-set-env-1, ACT-set-env-2. */
export function checkEnvOverrides(value: JsonValue): EnvOverridesCheck {
  if (!(value instanceof JsonObject))
    return { ok: false, key: null, message: `the body must be a JSON object, not ${kindOf(value)}` }
  const overrides: [string, string | null][] = []
  for (let i = 0; i < value.keys.length; i++) {
    const key = value.keys[i]!
    const item = value.values[i]!
    if (key === '') return { ok: false, key, message: 'an environment variable name must not be empty' }
    if (item === null) overrides.push([key, null])
    else if (typeof item === 'string') overrides.push([key, item])
    else if (typeof item === 'boolean') overrides.push([key, item ? 'true' : 'false'])
    else if (item instanceof JsonNumber) overrides.push([key, String(item.value)])
    else
      return {
        ok: false,
        key,
        message: `the value of ${key} must be a string, number, boolean or null, not ${kindOf(item)}`,
      }
  }
  return { ok: true, overrides }
}
