// runtime/validate: client request/response validation and upstream validation (validation.md).
export type * from './plan.js'
export { SCHEMA_FORMATS, isCheckedFormat } from './formats.js'
export { createValidationRuntime, requestModeOf, responseModeOf, type ValidationRuntime } from './modes.js'
export { checkRequest, type RequestParts } from './request-check.js'
export { checkResponse, type ResponseParts } from './response-check.js'
export {
  checkClientRequest,
  checkClientResponse,
  methodNotAllowedError,
  unknownPathError,
  validatesResponses,
} from './client-checks.js'
export { limitEntries, quote, violation, MAX_INFO_ENTRIES, type ViolationLocation } from './violation.js'
export {
  checkUpstreamCredentials,
  checkUpstreamRequest,
  checkUpstreamResponse,
  findUpstreamTarget,
  type OutgoingRequest,
  type UpstreamTarget,
} from './upstream.js'
