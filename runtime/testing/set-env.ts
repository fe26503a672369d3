/**
 * The `set-env` action (actions.md ACT-set-env-1 .. ACT-set-env-3, operations.md TS7): the body gives
 * an object; a string sets `$env/<name>`, a number its shortest decimal text, a boolean `true` or
 * `false`, `null` removes the variable; objects and arrays are refused (CE when static, RF here). The
 * change holds for the rest of the test file, in the test flow and in every application request,
 * including request-time environment lookups (`{env: NAME}` sources); the process environment is
 * never touched.
 */
import { flowExecutionError } from '../errors/raised-error.js'
import type { FlowContext } from '../context/flow-context.js'
import type { CompiledTemplate } from '../template/compiled-template.js'
import { templateJson } from '../template/output.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { kindOf } from './assertion-spec.js'
import { currentTestRun } from './test-run.js'

const ACTION = 'set-env'

/** Name and new value (null: removed) of each variable, in body order. */
export type EnvOverrides = readonly (readonly [string, string | null])[]

export type EnvOverridesCheck = { readonly ok: true; readonly overrides: EnvOverrides } | { readonly ok: false; readonly key: string | null; readonly message: string }

/** ACT-set-env-1, ACT-set-env-2. */
export function checkEnvOverrides(value: JsonValue): EnvOverridesCheck {
  if (!(value instanceof JsonObject)) return { ok: false, key: null, message: `the body must be a JSON object, not ${kindOf(value)}` }
  const overrides: [string, string | null][] = []
  for (let i = 0; i < value.keys.length; i++) {
    const key = value.keys[i]!
    const item = value.values[i]!
    if (key === '') return { ok: false, key, message: 'an environment variable name must not be empty' }
    if (item === null) overrides.push([key, null])
    else if (typeof item === 'string') overrides.push([key, item])
    else if (typeof item === 'boolean') overrides.push([key, item ? 'true' : 'false'])
    else if (item instanceof JsonNumber) overrides.push([key, String(item.value)])
    else return { ok: false, key, message: `the value of ${key} must be a string, number, boolean or null, not ${kindOf(item)}` }
  }
  return { ok: true, overrides }
}

/** Runs the action. */
export function setEnv(ctx: FlowContext, template: CompiledTemplate): void {
  const run = currentTestRun(ctx, template.at, ACTION)
  const checked = checkEnvOverrides(templateJson(ctx, template))
  if (!checked.ok) throw flowExecutionError(template.at, ACTION, checked.message, ctx.requestId)
  run.overrideEnv(checked.overrides)
  ctx.vars.set('env', run.env)
}
