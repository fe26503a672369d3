/**
 * The request pipeline (definition.md section 9) for one exchange:
 * PL1 request id (LG2), target (P16: 3213 before routing, no error flow), `$request` record (R1-R11);
 * PL3 classification (P7, P8): non-API requests run the default flow (H9, F-KIND-8) or get 405 / 3210
 * with an empty `Allow` (P5, MA4, X1; never the error flow); PL5 route match (3208, P18); PL6 method
 * check (MA1-MA5: 405 / 3210 with `Allow` in MA2 order); PL7 body (PL18: 413 / 3212, no error flow);
 * PL10 init flow (H7, H8: BREAK skips the handler); PL11 handler (3209 when none, H5); PL14 sending.
 * Errors raised at PL5-PL11 go to raised-errors.ts (EF2). Stages PL2, PL4, PL7 validation, PL8,
 * PL9, PL12 and PL13 belong to other areas and are not wired in yet.
 */
import { BREAK } from '../flow/completion.js'
import { FlowContext } from '../flow/context.js'
import { raiseGatewayError } from '../errors/raised-error.js'
import { oxnRoot } from '../oxn/index.js'
import { computeEndpoint, matchRoute, splitBasePath } from '../router/index.js'
import { Content } from '../values/content.js'
import type { Exchange } from './exchange.js'
import { parseFormEncoded } from './form-decoding.js'
import { parseMultipartFields } from './multipart.js'
import { handleRaised, raiseBeforeFlows, sendErrorWithoutFlow } from './raised-errors.js'
import { readBody } from './read-body.js'
import { collectHeaders } from './request-headers.js'
import { resolveOrigin } from './request-origin.js'
import { RequestRecord } from './request-record.js'
import { parseRequestTarget } from './request-target.js'
import { buildRequestObject } from './request-variable.js'
import { sendFlowResponse } from './send.js'

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
  exchange.record = record
  if (malformed) {
    sendErrorWithoutFlow(exchange, raiseGatewayError('MALFORMED_REQUEST', [target], id))
    return
  }
  // PL3
  const relative = splitBasePath(app.basePath, path)
  if (relative === null) return handleNonApi(exchange, record)
  // PL5
  const match = matchRoute(app.routes, relative)
  if (match === null) {
    const error = raiseGatewayError('PATH_NOT_FOUND', [`Path ${path} not found.`], id)
    return raiseBeforeFlows(exchange, error, () => startFlows(exchange, record))
  }
  record.endpoint = computeEndpoint(app.basePath, path, match)
  record.params = match.params
  // PL6
  const route = match.route
  let handler = route.handler
  if (route.operations !== null) {
    if (!route.operations.has(method)) {
      const info = `Method ${method} not allowed for ${path}; allowed: ${route.allow}`
      const error = raiseGatewayError('METHOD_NOT_ALLOWED', [info], id, [['Allow', route.allow]])
      return raiseBeforeFlows(exchange, error, () => startFlows(exchange, record))
    }
    handler = route.operations.get(method) ?? null
  }
  // PL7 (body only; request validation comes with its own area)
  if (!(await readRequestBody(exchange, record))) return
  const ctx = startFlows(exchange, record)
  try {
    // PL10
    if (app.initFlow !== null) {
      exchange.flow = app.initFlow.file
      if ((await app.initFlow.run(ctx)) === BREAK) return await finishFlows(exchange, ctx)
    }
    // PL11
    if (handler === null) throw raiseGatewayError('NO_FLOW', [`No flow found for ${method} ${path}`], id)
    exchange.flow = handler.file
    await handler.run(ctx)
  } catch (thrown) {
    return handleRaised(exchange, ctx, thrown)
  }
  return finishFlows(exchange, ctx)
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

/** PL14 after a normal end (F-EXEC-4); a failure to render or send is handled like a raised error. */
async function finishFlows(exchange: Exchange, ctx: FlowContext): Promise<void> {
  try {
    sendFlowResponse(exchange, ctx)
  } catch (thrown) {
    await handleRaised(exchange, ctx, thrown)
  }
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
  const ctx = new FlowContext(services, record.id, exchange)
  ctx.request = record
  ctx.vars.set('request', [oxnRoot(buildRequestObject(record))])
  ctx.vars.set('server', services.server)
  ctx.vars.set('env', services.env)
  ctx.vars.set('body', [record.body])
  exchange.ctx = ctx
  return ctx
}
