/**
 * Upstream validation and mocking around the answer step of one upstream request (upstream.md
 * UP-GEN-3 steps 3-5, UP-VAL-1..8, UP-MOCK-1..3, UP-PROXY-6; validation.md VA39-VA45):
 *
 * - the contract: the compiled upstream `definition` and the modes of `validate-request`,
 *   `validate-request-security`, `validate-response` and `mock-response`; an enabled option without
 *   `definition`, or a definition that is not available, is error 3211 (UP-VAL-2, UP-VAL-1);
 * - before sending: the request check (VA40), then the security check (VA42); in mode `true` a
 *   violation means the request is not sent and is replaced by 3202 / 3207; in `report-only` one
 *   `validation` alert with `raised: false` and nothing else (UP-VAL-3, VA44);
 * - the answer: from the definition's `200` examples with `mock-response` (UP-MOCK-1: status 200,
 *   `Content-Type`, `Mock: true`, the request log event; no example: 3101 `no mock example`,
 *   `ENOMOCK`, UP-MOCK-2), else the network (a stream only when no response check is due);
 * - after: the response check (VA41) on every response obtained (network, cache, mock; UP-VAL-8),
 *   replacing it by 3203 in mode `true`.
 *
 * Decided: a request refused before sending writes no request log event (nothing was exchanged);
 * a response is checked against the operation the outgoing request matched, whatever redirects
 * followed.
 */
import type { ErrorKindName } from '../errors/codes.js'
import { gatewayError, gatewayErrorObject } from '../errors/raised-error.js'
import { writeAlert } from '../log/alert.js'
import { chooseExample } from '../mock/choose-example.js'
import { matchRoute, splitBasePath } from '../router/index.js'
import type { UpstreamDefinition, ValidationMode } from '../validate/plan.js'
import {
  checkUpstreamCredentials,
  checkUpstreamRequest,
  checkUpstreamResponse,
  type OutgoingRequest,
} from '../validate/upstream.js'
import { Content } from '../values/content.js'
import type { JsonObject } from '../values/json-value.js'
import type { ActionSite } from './action-site.js'
import { type CallFailure, type CallOutcome, type CallResponse, type CallSite, performCall } from './call.js'
import { transportFailure } from './failure.js'
import { rawField } from './http-caching.js'
import type { UpstreamOptions } from './options.js'
import type { PreparedRequest } from './prepared-request.js'
import { writeRequestLog } from './request-log.js'
import type { UpstreamServices } from './services.js'
import { type TargetUrl, urlText } from './target-url.js'
import { upstreamDefinitionFor } from './upstream-definitions.js'

/** What a request's options ask of its upstream definition. */
export interface UpstreamContract {
  readonly definition: UpstreamDefinition
  readonly request: ValidationMode
  readonly security: ValidationMode
  readonly response: ValidationMode
  readonly mock: boolean
}

/** A request refused before sending, or a response replaced, by a failed check (UP-ERR-1). */
export interface CallInvalid {
  readonly kind: 'invalid'
  /** The URL requested (or that would have been). */
  readonly url: TargetUrl
  /** `$error` of 3202, 3203 or 3207. */
  readonly error: JsonObject
}

export type UpstreamOutcome = CallOutcome | CallInvalid

/** The options that need `definition`, with their option names (UP-VAL-2). */
export function optionsNeedingDefinition(options: UpstreamOptions): string[] {
  const named: [string, ValidationMode | boolean | undefined][] = [
    ['validate-request', options.validateRequest],
    ['validate-request-security', options.validateRequestSecurity],
    ['validate-response', options.validateResponse],
    ['mock-response', options.mockResponse],
  ]
  return named.filter(([, value]) => value !== undefined && value !== false).map(([name]) => name)
}

/** Whether an option of optionsNeedingDefinition is set, without building the list. */
function needsDefinition(options: UpstreamOptions): boolean {
  return (
    isOn(options.validateRequest) ||
    isOn(options.validateRequestSecurity) ||
    isOn(options.validateResponse) ||
    isOn(options.mockResponse)
  )
}

function isOn(value: ValidationMode | boolean | undefined): boolean {
  return value !== undefined && value !== false
}

/**
 * The contract of a request; null when it has no `definition` (UP-VAL-1). Error 3211 when an option
 * needs a definition that is not set or not available (UP-VAL-2, VA39).
 */
export function contractOf(
  services: UpstreamServices,
  site: ActionSite,
  options: UpstreamOptions,
): UpstreamContract | null {
  // the usual request: nothing to build (this runs for every upstream request)
  if (options.definition === undefined && !needsDefinition(options)) return null
  const where = `${site.at}, ${site.action}`
  if (options.definition === undefined) {
    const needing = optionsNeedingDefinition(options)
    throw gatewayError('CONFIGURATION', [`Option ${needing[0]} needs the option definition (${where})`], site.requestId)
  }
  return {
    definition: upstreamDefinitionFor(services.definitions, options.definition, site.dir, where, site.requestId),
    request: options.validateRequest ?? false,
    security: options.validateRequestSecurity ?? false,
    response: options.validateResponse ?? false,
    mock: options.mockResponse === true,
  }
}

/** Whether the contract needs the whole response body (no stream, UP-GEN-6 step 3). */
export function needsBufferedResponse(contract: UpstreamContract | null): boolean {
  return contract !== null && (contract.mock || contract.response !== false)
}

/** UP-GEN-3 steps 3-5: checks, the answer (mock or network), the response check. */
export function performContractCall(
  services: UpstreamServices,
  prepared: PreparedRequest,
  site: CallSite,
  stream: boolean,
  contract: UpstreamContract | null,
): Promise<UpstreamOutcome> {
  // without a contract the call's own promise, not one more async layer around it
  return contract === null
    ? performCall(services, prepared, site, stream)
    : performCheckedCall(services, prepared, site, stream, contract)
}

async function performCheckedCall(
  services: UpstreamServices,
  prepared: PreparedRequest,
  site: CallSite,
  stream: boolean,
  contract: UpstreamContract,
): Promise<UpstreamOutcome> {
  const refused = checkOutgoing(prepared, contract, site)
  if (refused !== null) return refused
  const outcome = contract.mock
    ? mockedCall(prepared, contract.definition, site)
    : await performCall(services, prepared, site, stream && !needsBufferedResponse(contract))
  if (outcome.kind !== 'response') return outcome
  return checkIncoming(prepared, contract, outcome, site) ?? outcome
}

/** VA40, VA42 (UP-VAL-5, UP-VAL-6): the security check runs after the request check. */
function checkOutgoing(prepared: PreparedRequest, contract: UpstreamContract, site: CallSite): CallInvalid | null {
  if (contract.request === false && contract.security === false) return null
  const outgoing = outgoingRequest(prepared)
  if (contract.request !== false) {
    const entries = checkUpstreamRequest(contract.definition, outgoing)
    const refused = judge(contract.request, 'UPSTREAM_REQUEST_INVALID', entries, prepared.url, site)
    if (refused !== null) return refused
  }
  if (contract.security !== false) {
    const entries = checkUpstreamCredentials(contract.definition, outgoing)
    return judge(contract.security, 'UPSTREAM_SECURITY', entries, prepared.url, site)
  }
  return null
}

/** VA41 (UP-VAL-7). */
function checkIncoming(
  prepared: PreparedRequest,
  contract: UpstreamContract,
  response: CallResponse,
  site: CallSite,
): CallInvalid | null {
  if (contract.response === false) return null
  const headers: [string, string][] = []
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
    headers.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!])
  const entries = checkUpstreamResponse(
    contract.definition,
    { method: prepared.method, path: prepared.url.pathname },
    {
      status: response.status,
      headers,
      contentType: rawField(response.rawHeaders, 'content-type') ?? null,
      body: response.body,
    },
  )
  return judge(contract.response, 'UPSTREAM_RESPONSE_INVALID', entries, response.url, site)
}

/** Mode `true`: the replacement; `report-only`: a `validation` alert (VA44, UP-VAL-3). */
function judge(
  mode: ValidationMode,
  kind: ErrorKindName,
  entries: readonly string[],
  url: TargetUrl,
  site: CallSite,
): CallInvalid | null {
  if (entries.length === 0) return null
  const error = gatewayErrorObject(kind, entries, site.requestId)
  if (mode === true) return { kind: 'invalid', url, error }
  writeAlert(site.logger, site.requestId, 'validation', error, false)
  return null
}

/** The request as VA40 reads it: lower-case header names (repeated fields joined), the body with its type. */
function outgoingRequest(prepared: PreparedRequest): OutgoingRequest {
  const headers = new Map<string, string>()
  for (const [name, value] of prepared.headers) {
    const lower = name.toLowerCase()
    const known = headers.get(lower)
    headers.set(lower, known === undefined ? value : `${known}, ${value}`)
  }
  const body =
    prepared.body === null
      ? Content.fromText('', null)
      : new Content(prepared.body, headers.get('content-type') ?? null)
  return { method: prepared.method, path: prepared.url.pathname, query: prepared.url.query, headers, body }
}

/** UP-MOCK-1, UP-MOCK-2, UP-LOG-2: the `200` example of the matched operation chosen by `Accept`. */
function mockedCall(
  prepared: PreparedRequest,
  definition: UpstreamDefinition,
  site: CallSite,
): CallResponse | CallFailure {
  const started = performance.now()
  const base = {
    requestId: site.requestId,
    url: urlText(prepared.url),
    method: prepared.method,
    id: `${prepared.id}.0`,
    target: null,
    attempt: null,
    span: null,
  }
  const relative = splitBasePath(definition.basePath, prepared.url.pathname)
  const match = relative === null ? null : matchRoute(definition.routes, relative)
  const examples = match === null ? undefined : definition.mocks?.get(match.route.pattern)?.get(prepared.method)
  const accept = prepared.headers.find(([name]) => name.toLowerCase() === 'accept')?.[1]
  const example = examples === undefined ? null : chooseExample(examples, accept)
  if (example === null) {
    const failure = transportFailure('no mock example', 'ENOMOCK')
    writeRequestLog(site.logger, base, {
      status: 0,
      mime: '',
      bytes: 0,
      started,
      headAt: null,
      cacheHit: false,
      refresh: false,
      failure,
    })
    return { kind: 'failure', url: prepared.url, failure, target: null }
  }
  const body = Buffer.from(example.body.buffer, example.body.byteOffset, example.body.byteLength)
  writeRequestLog(site.logger, base, {
    status: 200,
    mime: example.mediaType,
    bytes: body.length,
    started,
    headAt: started,
    cacheHit: false,
    refresh: false,
    failure: null,
  })
  return {
    kind: 'response',
    url: prepared.url,
    status: 200,
    rawHeaders: ['Content-Type', example.mediaType, 'Mock', 'true'],
    body,
    cacheHit: false,
    undecodedEncoding: null,
    target: null,
  }
}
