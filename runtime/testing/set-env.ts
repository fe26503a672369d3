/**
 * The `set-env` action (actions.md ACT-set-env-1 .. ACT-set-env-3, operations.md TS7): the body gives
 * an object; a string sets `$env/<name>`, a number its shortest decimal text, a boolean `true` or
 * `false`, `null` removes the variable; objects and arrays are refused (CE when static, RF here). The
 * change holds for the rest of the test file, in the test flow and in every application request,
 * including request-time environment lookups (`{env: NAME}` sources); the process environment is
 * never touched.
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError } from '../errors/raised-error.js'
import type { CompiledTemplate } from '../template/compiled-template.js'
import { templateJson } from '../template/output.js'
import { checkEnvOverrides } from './env-overrides.js'
import { currentTestRun } from './test-run.js'

const ACTION = 'set-env'

/** Runs the action. */
export function setEnv(ctx: FlowContext, template: CompiledTemplate): void {
  const run = currentTestRun(ctx, template.at, ACTION)
  const checked = checkEnvOverrides(templateJson(ctx, template))
  if (!checked.ok) throw flowExecutionError(template.at, ACTION, checked.message, ctx.requestId)
  run.overrideEnv(checked.overrides)
  ctx.vars.set('env', run.env)
}
