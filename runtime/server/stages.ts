/**
 * The stages of the request pipeline (definition.md section 9), one named function each, run in order
 * by pipeline.ts. A stage returns ENDED when it answered the request (nothing later runs), or nothing
 * to go on; it throws a RaisedError to end the request with an error, which pipeline.ts alone turns
 * into a response (PL15, errors.md EF2). A new stage is one function here and one entry in a list.
 *
 * - REQUEST_STAGES run for every request, before the operation is known: PL1 target and `$request`
 *   record, PL2 reserved endpoints, PL3 classification, PL5 route match, PL4 CORS pre-flight (it needs
 *   the match, O13), PL6 method check.
 * - OPERATION_STAGES (names in runtime/context/handler.ts) run for an API request with a matched
 *   route, as its handler lists them (the compiler leaves out those that cannot apply, PL20; all of
 *   them otherwise): body (PL18, or a streamed body, UP-GEN-6), request validation (PL7), the flow
 *   context, security (PL8), mocking (PL9), the init flow (PL10), the handler (PL11), and the response
 *   (PL12, then PL13 and PL14 in send.ts).
 */
import type { Readable } from 'node:stream'

import { checkSecurity } from '../auth/check-security.js'
import type { SecurityRuntime } from '../auth/security-runtime.js'
import { BREAK } from '../context/completion.js'
import type { ProxyStreamAccess } from '../context/flow-context.js'
import type { FlowHandler, OperationStageName } from '../context/handler.js'
import { CORS_PREFLIGHT_FLOW, corsPreflightHeaders, isCorsPreflight } from '../cors/preflight.js'
import { gatewayError } from '../errors/raised-error.js'
import { parseRequestTarget } from '../http/request-target.js'
import { computeEndpoint, matchRoute, splitBasePath } from '../router/index.js'
import {
  checkClientRequest,
  methodNotAllowedError,
  unknownPathError,
  validatesResponses,
} from '../validate/client-checks.js'
import { requestModeOf, type ValidationRuntime } from '../validate/modes.js'
import type { Exchange } from './exchange.js'
import { beginExchange, noteRoute } from './exchange-hooks.js'
import { createFlowContext, finishFlows } from './flow-run.js'
import { tooManyQueryParams } from './limits.js'
import { answerWithMock } from './mock-response.js'
import { handleNonApi } from './non-api.js'
import { checkDeclaredBodySize, hasBody, readRequestBody, withoutBody } from './request-body.js'
import { collectHeaders } from './request-headers.js'
import { resolveOrigin } from './request-origin.js'
import { RequestRecord } from './request-record.js'
import { answerReservedEndpoint } from './reserved-endpoints.js'
import { sendResponse } from './send.js'

/** What a stage returns when it answered the request. */
export const ENDED = true

export type StageResult = typeof ENDED | undefined

export type Stage = (exchange: Exchange) => StageResult | Promise<StageResult>

/** PL1: request id (LG2), target (P16: 3213, no error flow), query limit, the `$request` record (R1-R11). */
function target(exchange: Exchange): StageResult {
  const { gateway, req } = exchange
  const headers = collectHeaders(req.rawHeaders)
  const id = gateway.ids.next(headers.get('x-request-id'))
  const rawTarget = req.url ?? ''
  const parsed = parseRequestTarget(rawTarget)
  const malformed = typeof parsed === 'string'
  const path = malformed ? rawTarget : parsed.path
  const query = malformed ? null : parsed.query
  const origin = resolveOrigin({
    targetAuthority: malformed ? null : parsed.authority,
    headers,
    trustProxy: gateway.config.trustProxy,
    local: req.socket,
    path,
    query,
  })
  const record = new RequestRecord(id, req.method ?? 'GET', path, query, headers, origin)
  record.remoteAddress = req.socket.remoteAddress
  exchange.record = record
  beginExchange(exchange, record)
  if (malformed) throw gatewayError('MALFORMED_REQUEST', [parsed], id)
  // SVC_MAX_QUERY_PARAMS (issue 8): refused with 3213 like a malformed target, before `$request/get` is built
  const maxParams = gateway.config.maxQueryParams
  if (query !== null && tooManyQueryParams(query, maxParams)) {
    throw gatewayError('MALFORMED_REQUEST', [`Query has more than ${maxParams} parameters`], id)
  }
  return undefined
}

/** PL2: the health, status and metrics endpoints (operations.md HL1-HL4). */
function reserved(exchange: Exchange): StageResult {
  return answerReservedEndpoint(exchange, exchange.record!) ? ENDED : undefined
}

/** PL3 (P7, P8): a non-API request runs the default flow or gets 405 / 3210 (H9, F-KIND-8, X16). */
function classify(exchange: Exchange): StageResult | Promise<StageResult> {
  const record = exchange.record!
  const relative = splitBasePath(exchange.gateway.app.basePath, record.path)
  if (relative !== null) {
    exchange.relativePath = relative
    return undefined
  }
  return handleNonApi(exchange, record).then(ended)
}

/** PL5: the route of the relative path (section 5); no match is an error at PL6, after PL4. */
function route(exchange: Exchange): StageResult {
  const match = matchRoute(exchange.gateway.app.routes, exchange.relativePath)
  exchange.match = match
  noteRoute(exchange, match)
  return undefined
}

/** PL4: a CORS pre-flight to a matching route is answered (O13-O17); later responses get PL13 (O18). */
function corsPreflight(exchange: Exchange): StageResult {
  const cors = exchange.gateway.app.cors
  if (cors === undefined) return undefined
  const match = exchange.match
  const record = exchange.record!
  if (match !== null && isCorsPreflight(record.method, record.headers)) {
    exchange.flow = CORS_PREFLIGHT_FLOW
    sendResponse(exchange, 200, corsPreflightHeaders(cors, record.headers, match.route), null, '')
    return ENDED
  }
  exchange.cors = cors
  return undefined
}

/** PL5 errors (3208, P18) and PL6, the method check (MA1-MA5: 405 / 3210 with `Allow` in MA2 order). */
function method(exchange: Exchange): StageResult {
  const { gateway } = exchange
  const record = exchange.record!
  const match = exchange.match
  if (match === null) throw unknownPathError(gateway.validation, record.path, record.id)
  record.endpoint = computeEndpoint(gateway.app.basePath, record.path, match)
  record.params = match.params
  const route = match.route
  if (route.operations === null) {
    exchange.handler = route.handler
    return undefined
  }
  if (!route.operations.has(record.method)) {
    throw methodNotAllowedError(gateway.validation, route.pattern, record.method, record.path, route.allow, record.id)
  }
  exchange.handler = route.operations.get(record.method) ?? null
  return undefined
}

/** The stages every request passes before its operation's own. */
export const REQUEST_STAGES: readonly Stage[] = Object.freeze([
  target,
  reserved,
  classify,
  route,
  corsPreflight,
  method,
])

/** PL7, PL18: the body read in full, or left to a proxy to stream (upstream.md UP-GEN-6 step 2). */
function body(exchange: Exchange): StageResult | Promise<StageResult> {
  const record = exchange.record!
  const pattern = exchange.match!.route.pattern
  exchange.streamBody =
    exchange.handler?.streamRequestBody === true &&
    !validatesRequests(exchange.gateway.validation, pattern, record.method)
  if (exchange.streamBody) {
    checkDeclaredBodySize(exchange, record)
    return undefined
  }
  if (withoutBody(record)) return undefined
  return readRequestBody(exchange, record).then((read) => (read ? undefined : ENDED))
}

/** PL7: client request validation (validation.md VA6-VA19); 3204 under mode `true`. */
function requestValidation(exchange: Exchange): StageResult {
  const { gateway } = exchange
  const record = exchange.record!
  const invalid = checkClientRequest(
    gateway.validation,
    exchange.match!.route.pattern,
    record.method,
    record,
    gateway.logger,
    record.id,
  )
  if (invalid !== null) throw invalid
  return undefined
}

/** The flow context shared by the flows that follow (F-KIND-2 phase 1). */
function context(exchange: Exchange): StageResult {
  createFlowContext(exchange, exchange.record!)
  return undefined
}

/** PL8: security requirements and post-check flows (security.md); a BREAK sends what the flows built. */
function security(exchange: Exchange): StageResult | Promise<StageResult> {
  const runtime = exchange.gateway.security
  if (runtime === null) return undefined
  return checkSecured(exchange, runtime)
}

async function checkSecured(exchange: Exchange, runtime: SecurityRuntime): Promise<StageResult> {
  const ctx = exchange.ctx!
  if ((await checkSecurity(ctx, runtime, exchange.match!.route.pattern, exchange.record!.method, exchange)) !== BREAK)
    return undefined
  finishFlows(exchange, ctx)
  return ENDED
}

/** PL9: a mock response when asked for and allowed (operations.md MK1); skips PL10 and PL11. */
function mock(exchange: Exchange): StageResult | Promise<StageResult> {
  const ctx = exchange.ctx!
  const route = exchange.match!.route
  if (!answerWithMock(exchange, ctx, route, exchange.record!.method)) return undefined
  finishFlows(exchange, ctx, route.pattern)
  return ENDED
}

/** PL10: the init flow (H7, H8); a BREAK skips the handler. */
function initFlow(exchange: Exchange): StageResult | Promise<StageResult> {
  const flow = exchange.gateway.app.initFlow
  if (flow === null) return undefined
  return runInitFlow(exchange, flow)
}

async function runInitFlow(exchange: Exchange, flow: FlowHandler): Promise<StageResult> {
  const ctx = exchange.ctx!
  exchange.flow = flow.file
  if ((await flow.run(ctx)) !== BREAK) return undefined
  finishFlows(exchange, ctx, exchange.match!.route.pattern)
  return ENDED
}

/** PL11: the handler (3209 when none, H5), with what a streaming proxy may use of the exchange. */
async function handler(exchange: Exchange): Promise<StageResult> {
  const { gateway } = exchange
  const record = exchange.record!
  const handler = exchange.handler
  if (handler === null) throw gatewayError('NO_FLOW', [`No flow found for ${record.method} ${record.path}`], record.id)
  exchange.flow = handler.file
  // UP-GEN-6 step 3: a response that PL12 validates is never streamed
  const streamResponse = !validatesResponses(gateway.validation, exchange.match!.route.pattern, record.method)
  const streamBody = exchange.streamBody
  record.proxyStream = new ProxyStream(
    record,
    streamBody && hasBody(record.headers) ? exchange.req : null,
    streamResponse,
  )
  try {
    await handler.run(exchange.ctx!)
  } finally {
    record.proxyStream = null
    // a streamed body that was not read to its end cannot leave the connection reusable
    if (streamBody && !exchange.req.complete) exchange.closeConnection = true
  }
  return undefined
}

/** PL12 (VA20), then PL13 and PL14 (send.ts). */
function response(exchange: Exchange): StageResult {
  finishFlows(exchange, exchange.ctx!, exchange.match!.route.pattern)
  return ENDED
}

const ended = (): StageResult => ENDED

/** ENDED once `pending` (error handling, if any) is done; at once when nothing is pending. */

/** The operation stages by name, in the order of OPERATION_STAGE_NAMES. */
export const OPERATION_STAGES: { readonly [K in OperationStageName]: Stage } = Object.freeze({
  body,
  'request-validation': requestValidation,
  context,
  security,
  mock,
  'init-flow': initFlow,
  handler,
  response,
})

/** Whether client request validation is on for the operation (a streamed body cannot be validated). */
function validatesRequests(runtime: ValidationRuntime, pattern: string, method: string): boolean {
  const route = runtime.plan?.routes.get(pattern)
  return requestModeOf(runtime, route, route?.operations?.get(method)) !== false
}

/** What the streamed proxy may use of the client exchange while the handler runs (upstream.md UP-GEN-6). */
class ProxyStream implements ProxyStreamAccess {
  constructor(
    readonly record: RequestRecord,
    readonly body: Readable | null,
    readonly response: boolean,
  ) {}

  counted(bytes: number): void {
    this.record.bodySize = bytes
  }
}
