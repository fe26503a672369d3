/**
 * The request pipeline (definition.md section 9) for one exchange:
 * PL1 request id (LG2), target (P16: 3213 before routing, no error flow), `$request` record (R1-R11);
 * PL3 classification (P7, P8): non-API requests run the default flow (H9, F-KIND-8) or get 405 / 3210
 * with an empty `Allow` (P5, MA4, X1; never the error flow); PL5 route match (3208, P18); PL6 method
 * check (MA1-MA5: 405 / 3210 with `Allow` in MA2 order); PL7 body (PL18: 413 / 3212, no error flow);
 * PL10 init flow (H7, H8: BREAK skips the handler); PL11 handler (3209 when none, H5); PL14 sending.
 * PL4 (CORS pre-flight, runtime/cors) and PL8 (security, runtime/auth) call their areas; PL13 is
 * applied by send.ts to every API response. PL5/PL6 errors, PL7 request validation and PL12 response
 * validation of handler and init-flow responses come from runtime/validate (3204 under request
 * validation `true`, P18, MA2, VA20). Errors raised at PL5-PL12 go to raised-errors.ts (EF2).
 * PL2 (reserved endpoints) and PL9 (mocking) call runtime/health and runtime/mock; the hooks of
 * runtime/server/exchange-hooks.ts see PL1, PL5 and the flow context (debugging, metrics).
 */
import { checkSecurity } from '../auth/check-security.js'
import { CORS_PREFLIGHT_FLOW, corsPreflightHeaders, isCorsPreflight } from '../cors/preflight.js'
import { BREAK } from '../context/completion.js'
import { FlowContext, type ProxyStreamAccess } from '../context/flow-context.js'
import { RaisedError, raiseGatewayError } from '../errors/raised-error.js'
import { oxnRoot } from '../oxn/index.js'
import { computeEndpoint, matchRoute, splitBasePath } from '../router/index.js'
import { Content } from '../values/content.js'
import { singleton } from '../values/item.js'
import type { Readable } from 'node:stream'
import type { Exchange } from './exchange.js'
import { parseFormEncoded } from '../http/form-decoding.js'
import { parseMultipartFields } from '../http/multipart.js'
import { handleRaised, raiseBeforeFlows, sendErrorWithoutFlow } from './raised-errors.js'
import { declaredTooLarge, readBody } from './read-body.js'
import { tooManyQueryParams } from './limits.js'
import { collectHeaders } from './request-headers.js'
import { resolveOrigin } from './request-origin.js'
import { RequestRecord } from './request-record.js'
import { parseRequestTarget } from '../http/request-target.js'
import { buildRequestObject } from './request-variable.js'
import { renderFlowResponse, sendFlowResponse, sendResponse } from './send.js'
import { beginExchange, noteRoute, startFlowDebugging } from './exchange-hooks.js'
import { answerReservedEndpoint } from './reserved-endpoints.js'
import { answerWithMock } from './mock-response.js'
import { checkClientRequest, checkClientResponse, methodNotAllowedError, unknownPathError, validatesResponses } from '../validate/client-checks.js'
import { requestModeOf, type ValidationRuntime } from '../validate/modes.js'

export async function handleExchange(exchange: Exchange): Promise<void> {
  const { gateway, req } = exchange
  const { app } = gateway
  // PL1
  const headers = collectHeaders(req.rawHeaders)
  const id = gateway.ids.next(headers.get('x-request-id'))
  const rawTarget = req.url ?? ''
  const target = parseRequestTarget(rawTarget)
  const malformed = typeof target === 'string'
  const path = malformed ? rawTarget : target.path
  const query = malformed ? null : target.query
  const origin = resolveOrigin({
    targetAuthority: malformed ? null : target.authority,
    headers,
    trustProxy: gateway.config.trustProxy,
    localAddress: req.socket.localAddress,
    localPort: req.socket.localPort,
    path,
    query,
  })
  const method = req.method ?? 'GET'
  const record = new RequestRecord(id, method, path, query, headers, origin)
  record.remoteAddress = req.socket.remoteAddress
  exchange.record = record
  beginExchange(exchange, record)
  if (malformed) {
    sendErrorWithoutFlow(exchange, raiseGatewayError('MALFORMED_REQUEST', [target], id))
    return
  }
  // SVC_MAX_QUERY_PARAMS (issue 8): refused with 3213 like a malformed target, before `$request/get` is built
  const maxParams = gateway.config.maxQueryParams
  if (query !== null && tooManyQueryParams(query, maxParams)) {
    sendErrorWithoutFlow(exchange, raiseGatewayError('MALFORMED_REQUEST', [`Query has more than ${maxParams} parameters`], id))
    return
  }
  // PL2
  if (answerReservedEndpoint(exchange, record)) return
  // PL3
  const relative = splitBasePath(app.basePath, path)
  if (relative === null) return handleNonApi(exchange, record)
  // PL5
  const match = matchRoute(app.routes, relative)
  noteRoute(exchange, match)
  // PL4 (a pre-flight needs a matching route, O13); later responses get the PL13 headers (O18)
  if (app.cors !== undefined) {
    if (match !== null && isCorsPreflight(method, headers)) {
      exchange.flow = CORS_PREFLIGHT_FLOW
      return sendResponse(exchange, 200, corsPreflightHeaders(app.cors, headers, match.route), null, '')
    }
    exchange.cors = app.cors
  }
  if (match === null) {
    const error = unknownPathError(gateway.validation, path, id)
    return raiseBeforeFlows(exchange, error, () => startFlows(exchange, record))
  }
  record.endpoint = computeEndpoint(app.basePath, path, match)
  record.params = match.params
  // PL6
  const route = match.route
  let handler = route.handler
  if (route.operations !== null) {
    if (!route.operations.has(method)) {
      const error = methodNotAllowedError(gateway.validation, route.pattern, method, path, route.allow, id)
      return raiseBeforeFlows(exchange, error, () => startFlows(exchange, record))
    }
    handler = route.operations.get(method) ?? null
  }
  // PL7 (PL18 body, then validation.md VA6-VA19); a proxy may stream the body instead (upstream.md UP-GEN-6 step 2)
  const streamBody = handler?.streamRequestBody === true && !validatesRequests(gateway.validation, route.pattern, method)
  if (streamBody ? !checkDeclaredBodySize(exchange, record) : !(withoutBody(record) || (await readRequestBody(exchange, record)))) return
  const invalid = checkClientRequest(gateway.validation, route.pattern, method, record, gateway.logger, id)
  if (invalid !== null) return raiseBeforeFlows(exchange, invalid, () => startFlows(exchange, record))
  const ctx = startFlows(exchange, record)
  try {
    // PL8
    const security = exchange.gateway.security
    if (security !== null && (await checkSecurity(ctx, security, route.pattern, method, exchange)) === BREAK) return await finishFlows(exchange, ctx)
    // PL9
    if (answerWithMock(exchange, ctx, route, method)) return await finishFlows(exchange, ctx, route.pattern)
    // PL10
    if (app.initFlow !== null) {
      exchange.flow = app.initFlow.file
      if ((await app.initFlow.run(ctx)) === BREAK) return await finishFlows(exchange, ctx, route.pattern)
    }
    // PL11
    if (handler === null) throw raiseGatewayError('NO_FLOW', [`No flow found for ${method} ${path}`], id)
    exchange.flow = handler.file
    // UP-GEN-6 step 3: a response that PL12 validates is never streamed
    const streamResponse = !validatesResponses(gateway.validation, route.pattern, method)
    record.proxyStream = new ProxyStream(record, streamBody && hasBody(record.headers) ? exchange.req : null, streamResponse)
    try {
      await handler.run(ctx)
    } finally {
      record.proxyStream = null
      // a streamed body that was not read to its end cannot leave the connection reusable
      if (streamBody && !exchange.req.complete) exchange.closeConnection = true
    }
  } catch (thrown) {
    // 3212 of a streamed body: never the error flow (errors.md EF3, definition.md PL18)
    if (thrown instanceof RaisedError && thrown.code === 3212) {
      exchange.closeConnection = true
      return sendErrorWithoutFlow(exchange, thrown)
    }
    return handleRaised(exchange, ctx, thrown)
  }
  return finishFlows(exchange, ctx, route.pattern)
}

/** H9, F-KIND-8, X16: the default flow, or 405 / 3210 with an empty `Allow` and no error flow. */
async function handleNonApi(exchange: Exchange, record: RequestRecord): Promise<void> {
  const { app } = exchange.gateway
  const defaultFlow = app.defaultFlow
  if (defaultFlow === null) {
    const info = `Path ${record.path} is outside the API base path ${app.basePath}`
    sendErrorWithoutFlow(exchange, raiseGatewayError('METHOD_NOT_ALLOWED', [info], record.id, [['Allow', '']]))
    return
  }
  if (!(await readRequestBody(exchange, record))) return
  const ctx = startFlows(exchange, record)
  exchange.flow = defaultFlow.file
  try {
    await defaultFlow.run(ctx)
  } catch (thrown) {
    return handleRaised(exchange, ctx, thrown)
  }
  return finishFlows(exchange, ctx)
}

/**
 * PL14 after a normal end (F-EXEC-4); a failure to render or send is handled like a raised error.
 * `pattern` is the route of a handler's or init flow's response, which PL12 validates (VA20).
 */
async function finishFlows(exchange: Exchange, ctx: FlowContext, pattern: string | null = null): Promise<void> {
  try {
    const response = renderFlowResponse(ctx)
    // PL12
    if (pattern !== null && !exchange.finished) {
      const { validation, logger } = exchange.gateway
      const invalid = checkClientResponse(validation, pattern, exchange.req.method ?? 'GET', response, logger, ctx.requestId, ctx.settings?.responseValidation)
      if (invalid !== null) throw invalid
    }
    sendFlowResponse(exchange, ctx, response)
  } catch (thrown) {
    await handleRaised(exchange, ctx, thrown)
  }
}

/** PL18 for a streamed body (upstream.md UP-GEN-6 step 2): only a declared length is checked up front. */
function checkDeclaredBodySize(exchange: Exchange, record: RequestRecord): boolean {
  const limit = exchange.gateway.config.maxBodySize
  if (!declaredTooLarge(record.headers, limit)) return true
  exchange.closeConnection = true
  sendErrorWithoutFlow(exchange, raiseGatewayError('BODY_TOO_LARGE', [`Request body exceeds ${limit} bytes`], record.id))
  return false
}

/** Whether client request validation is on for the operation (a streamed body cannot be validated). */
function validatesRequests(runtime: ValidationRuntime, pattern: string, method: string): boolean {
  const route = runtime.plan?.routes.get(pattern)
  return requestModeOf(runtime, route, route?.operations?.get(method)) !== false
}

/** RFC 9112 section 6.3: a request with neither `Content-Length` nor `Transfer-Encoding` has no body. */
function hasBody(headers: ReadonlyMap<string, string>): boolean {
  const length = headers.get('content-length')
  return (length !== undefined && length.trim() !== '0') || headers.has('transfer-encoding')
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

/**
 * A request with no body and no `Content-Type` (RFC 9112 section 6.3): reading it would change nothing
 * of `$body` or `$request/post`, so the pipeline does not wait for it.
 */
function withoutBody(record: RequestRecord): boolean {
  const headers = record.headers
  return !headers.has('content-length') && !headers.has('transfer-encoding') && !headers.has('content-type')
}

/** PL18: reads the body, fills `$body` and `$request/post`; false when the exchange already ended. */
async function readRequestBody(exchange: Exchange, record: RequestRecord): Promise<boolean> {
  const limit = exchange.gateway.config.maxBodySize
  const result = await readBody(exchange.req, record.headers, limit)
  if (result.kind === 'aborted') return false
  if (result.kind === 'too-large') {
    exchange.closeConnection = true
    sendErrorWithoutFlow(exchange, raiseGatewayError('BODY_TOO_LARGE', [`Request body exceeds ${limit} bytes`], record.id))
    return false
  }
  const bytes = result.bytes
  const mediaType = record.headers.get('content-type') ?? null
  record.bodySize = bytes.length
  if (bytes.length > 0) record.body = new Content(bytes, mediaType)
  if (mediaType !== null) {
    const essence = record.body.essence
    if (essence === 'application/x-www-form-urlencoded') record.post = parseFormEncoded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
    else if (essence === 'multipart/form-data') record.post = parseMultipartFields(bytes, mediaType)
  }
  return true
}

/** The FlowContext of the request with the predefined variables (F-KIND-2 phase 1). */
function startFlows(exchange: Exchange, record: RequestRecord): FlowContext {
  const services = exchange.gateway.services
  // svc-test (operations.md TS6, TS7): the test file's variables and `$env` with its overrides
  const test = services.testRun
  const ctx = new FlowContext(services, record.id, exchange, test?.vars)
  ctx.request = record
  // the compiler knows whether any flow reads `$request` and `$upstream` (a test run shares its variables)
  const reads = test === undefined ? exchange.gateway.app.reads : undefined
  if (reads?.request !== false) ctx.vars.set('request', singleton(oxnRoot(buildRequestObject(record))))
  if (reads?.upstream === false) ctx.readsUpstream = false
  ctx.vars.set('server', services.server)
  ctx.vars.set('env', test === undefined ? services.env : test.env)
  ctx.vars.set('body', singleton(record.body))
  exchange.ctx = ctx
  startFlowDebugging(exchange, ctx)
  return ctx
}
