/**
 * The validation stages of the request pipeline (definition.md PL5-PL7, PL12; validation.md VA3,
 * VA7, VA8, VA26, VA36-VA38): an unknown path and a method the route does not list are 3204 under
 * request validation `true` and 3208 / 3210 otherwise (P18, MA2); request violations are 3204 (400),
 * response violations 3205 (500) when enforced, and one `validation` alert with `raised: false` in
 * report-only mode (the enforced error's alert is written when it is raised). Decided: an unknown
 * path or method under report-only is only answered with 3208 / 3210, without a validation alert.
 */
import type { ErrorKindName } from '../errors/codes.js'
import { gatewayError, gatewayErrorObject, type RaisedError } from '../errors/raised-error.js'
import { writeAlert } from '../log/alert.js'
import type { Logger } from '../log/logger.js'
import { requestModeOf, responseModeOf, type ValidationRuntime } from './modes.js'
import type { ValidationMode } from './plan.js'
import { checkRequest, type RequestParts } from './request-check.js'
import { checkResponse, type ResponseParts } from './response-check.js'
import { limitEntries } from './violation.js'

/** P18, VA7: the error for an API request whose path matches no route. */
export function unknownPathError(runtime: ValidationRuntime, path: string, requestId: string): RaisedError {
  const info = [`Path ${path} not found.`]
  return gatewayError(runtime.request === true ? 'INPUT_VALIDATION' : 'PATH_NOT_FOUND', info, requestId)
}

/** MA2, VA8: the error for a method the route does not list (`allow` as in the `Allow` header). */
export function methodNotAllowedError(
  runtime: ValidationRuntime,
  pattern: string,
  method: string,
  path: string,
  allow: string,
  requestId: string,
): RaisedError {
  if (requestModeOf(runtime, runtime.plan?.routes.get(pattern)) === true) {
    return gatewayError('INPUT_VALIDATION', [`Invalid method ${method.toLowerCase()}.`], requestId)
  }
  return gatewayError(
    'METHOD_NOT_ALLOWED',
    [`Method ${method} not allowed for ${path}; allowed: ${allow}`],
    requestId,
    [['Allow', allow]],
  )
}

/** PL7: request validation of a routed request; the error to raise, or null to go on. */
export function checkClientRequest(
  runtime: ValidationRuntime,
  pattern: string,
  method: string,
  request: RequestParts,
  logger: Logger,
  requestId: string,
): RaisedError | null {
  const plan = runtime.plan
  const route = plan?.routes.get(pattern)
  if (plan === null || route === undefined) return null
  const operation = route.operations?.get(method)
  const mode = requestModeOf(runtime, route, operation)
  if (mode === false) return null
  const entries = checkRequest(plan, route, operation ?? null, request)
  return outcome(mode, 'INPUT_VALIDATION', entries, logger, requestId)
}

/**
 * PL12: response validation of a handler's response; the error to raise, or null to send it.
 * `override` is a mode a flow set for this request (actions.md ACT-set-config-1 `svc/validation`).
 */
export function checkClientResponse(
  runtime: ValidationRuntime,
  pattern: string,
  method: string,
  response: ResponseParts,
  logger: Logger,
  requestId: string,
  override?: ValidationMode,
): RaisedError | null {
  const route = runtime.plan?.routes.get(pattern)
  if (route === undefined) return null
  const operation = route.operations?.get(method)
  const mode = override ?? responseModeOf(runtime, route, operation)
  if (mode === false || operation === undefined) return null
  return outcome(mode, 'OUTPUT_VALIDATION', checkResponse(operation, method, response), logger, requestId)
}

/** PL7: whether checkClientRequest checks anything for this route and method (a traced request's span, TR5). */
export function validatesRequests(runtime: ValidationRuntime, pattern: string, method: string): boolean {
  const route = runtime.plan?.routes.get(pattern)
  return route !== undefined && requestModeOf(runtime, route, route.operations?.get(method)) !== false
}

/** PL12: whether checkClientResponse checks anything for this route, method and override (TR5). */
export function checksResponses(
  runtime: ValidationRuntime,
  pattern: string,
  method: string,
  override?: ValidationMode,
): boolean {
  const route = runtime.plan?.routes.get(pattern)
  const operation = route?.operations?.get(method)
  return operation !== undefined && (override ?? responseModeOf(runtime, route!, operation)) !== false
}

/** VA20: whether a response of this route must be validated (a proxy then never streams it). */
export function validatesResponses(runtime: ValidationRuntime, pattern: string, method: string): boolean {
  const route = runtime.plan?.routes.get(pattern)
  const operation = route?.operations?.get(method)
  return operation !== undefined && operation.responses !== null && responseModeOf(runtime, route, operation) !== false
}

function outcome(
  mode: ValidationMode,
  kind: ErrorKindName,
  entries: readonly string[],
  logger: Logger,
  requestId: string,
): RaisedError | null {
  if (entries.length === 0) return null
  const info = limitEntries(entries)
  if (mode === true) return gatewayError(kind, info, requestId)
  writeAlert(logger, requestId, 'validation', gatewayErrorObject(kind, info, requestId), false)
  return null
}
