/**
 * Which validation mode applies (validation.md VA3-VA5, VA7, VA8; definition.md P18, MA2): the
 * operation's value if set, else the path item's, else the top level's, else `false`. The environment
 * variables `SVC_VALIDATE_REQUEST` and `SVC_VALIDATE_RESPONSE` replace the top-level values when a
 * gateway starts; any value other than `true`, `false` or `report-only` makes it refuse to start
 * (operations.md CF3). Decided: the values are compared case-insensitively, as CF3 does for booleans,
 * and the empty string counts as unset (as for every variable of runtime/http/config.ts).
 */
import { ConfigError, type Environment } from '../http/config.js'
import type { OperationPlan, RoutePlan, ValidationMode, ValidationPlan } from './plan.js'

/** Per gateway: the compiled plan and the effective top-level modes. */
export interface ValidationRuntime {
  readonly plan: ValidationPlan | null
  readonly request: ValidationMode
  readonly response: ValidationMode
}

function readMode(env: Environment, name: string): ValidationMode | null {
  const value = env[name]
  if (value === undefined || value === '') return null
  switch (value.toLowerCase()) {
    case 'true':
      return true
    case 'false':
      return false
    case 'report-only':
      return 'report-only'
  }
  throw new ConfigError(name, value, 'true, false or report-only')
}

/** VA5: the top-level modes after the environment overrides; throws ConfigError for a bad value. */
export function createValidationRuntime(plan: ValidationPlan | undefined, env: Environment): ValidationRuntime {
  const request = readMode(env, 'SVC_VALIDATE_REQUEST') ?? plan?.request ?? false
  const response = readMode(env, 'SVC_VALIDATE_RESPONSE') ?? plan?.response ?? false
  return Object.freeze({ plan: plan ?? null, request, response })
}

/** VA4 for requests; without route (P18) the top level decides, without operation (MA2) the path. */
export function requestModeOf(
  runtime: ValidationRuntime,
  route?: RoutePlan,
  operation?: OperationPlan,
): ValidationMode {
  return operation?.request ?? route?.request ?? runtime.request
}

/** VA4 for responses. */
export function responseModeOf(
  runtime: ValidationRuntime,
  route?: RoutePlan,
  operation?: OperationPlan,
): ValidationMode {
  return operation?.response ?? route?.response ?? runtime.response
}
