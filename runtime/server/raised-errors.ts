/**
 * What happens when an error is raised (flows.md F-KIND-7, errors.md X6, X14-X17, EF1-EF12):
 * `$error` is set, the body, its `Content-Type` and the X15 headers are discarded, the status is
 * preset, the error's own headers (`Allow`, `WWW-Authenticate`) are preset (EF4); then the error flow
 * runs once if configured and allowed (EF2, EF3, X16), else the system error document is sent (X15).
 * An error raised inside the error flow replaces `$error`, drops the first error's preset headers and
 * sends its own document (EF8). Any other exception is an internal error: 5001, logged as an alert.
 */
import type { FlowContext } from '../context/flow-context.js'
import { ERROR_KINDS } from '../errors/codes.js'
import { ERROR_DROPPED_HEADERS, errorStatusOf, renderErrorDocument } from '../errors/error-document.js'
import { gatewayError, RaisedError } from '../errors/raised-error.js'
import { plainValue, writeAlert } from '../log/alert.js'
import { oxnRoot } from '../oxn/index.js'
import type { Exchange } from './exchange.js'
import { sendFlowResponse, sendResponse } from './send.js'

/** Runs error handling for an exception thrown by a flow (or by sending its response). */
export async function handleRaised(exchange: Exchange, ctx: FlowContext, thrown: unknown): Promise<void> {
  if (exchange.clientGone) return
  const error = asRaisedError(exchange, thrown)
  noteError(exchange, error)
  applyError(ctx, error)
  const errorFlow = exchange.gateway.app.errorFlow
  if (errorFlow === null) {
    sendErrorDocument(exchange, ctx.response.headers.entries(), error, ctx.response.status)
    return
  }
  let second: unknown
  try {
    ctx.inErrorFlow = true
    await errorFlow.run(ctx)
    if (exchange.clientGone) return
    // EF6: no content produced: the system error document with the status as the error flow left it.
    if (ctx.response.body === undefined && ctx.contents.main === undefined) {
      sendErrorDocument(exchange, ctx.response.headers.entries(), error, ctx.response.status)
    } else sendFlowResponse(exchange, ctx)
    return
  } catch (failure) {
    second = failure
  }
  if (exchange.clientGone) return
  const next = asRaisedError(exchange, second)
  noteError(exchange, next)
  for (const [name] of error.headers) ctx.response.headers.delete(name)
  applyError(ctx, next)
  sendErrorDocument(exchange, ctx.response.headers.entries(), next, ctx.response.status)
}

/** An error raised before any flow ran (routing, method check): error flow if configured, else the document. */
export async function raiseBeforeFlows(
  exchange: Exchange,
  error: RaisedError,
  start: () => FlowContext,
): Promise<void> {
  if (exchange.gateway.app.errorFlow === null) {
    sendErrorWithoutFlow(exchange, error)
    return
  }
  await handleRaised(exchange, start(), error)
}

/** Errors that never run the error flow (3212, 3213, the non-API 405; EF3, X16). */
export function sendErrorWithoutFlow(exchange: Exchange, error: RaisedError): void {
  noteError(exchange, error)
  sendErrorDocument(exchange, error.headers, error, errorStatusOf(error.errorObject))
}

function noteError(exchange: Exchange, error: RaisedError): void {
  exchange.errorCode = error.code
  if (error.alertTopic !== null) {
    writeAlert(exchange.gateway.logger, exchange.record?.id, error.alertTopic, error.errorObject, true)
  }
  // errors.md X17: 3208 and 3210 are a `routing` debug message instead of an alert
  else if (
    (error.code === ERROR_KINDS.PATH_NOT_FOUND.code || error.code === ERROR_KINDS.METHOD_NOT_ALLOWED.code) &&
    exchange.debug?.selects('debug', 'routing')
  ) {
    exchange.debug.write(
      'debug',
      'routing',
      `${error.code}: ${plainValue(error.errorObject.get('message'))}: ${JSON.stringify(plainValue(error.errorObject.get('info')))}`,
    )
  }
}

/** F-KIND-7 step 1 and 3, EF4. */
function applyError(ctx: FlowContext, error: RaisedError): void {
  ctx.vars.set('error', [oxnRoot(error.errorObject)])
  ctx.contents.main = undefined
  const response = ctx.response
  response.body = undefined
  response.explicitMime = undefined
  response.defaultMime = undefined
  // a body the proxy was passing on is not sent (upstream.md UP-GEN-6)
  response.passed?.discard()
  response.passed = undefined
  for (const name of ERROR_DROPPED_HEADERS) response.headers.delete(name)
  response.status = errorStatusOf(error.errorObject)
  // An error may carry several fields of one name (one `WWW-Authenticate` per challenge, security.md A15).
  for (const [name] of error.headers) response.headers.delete(name)
  for (const [name, value] of error.headers) response.headers.append(name, value)
}

/** A RaisedError as is; anything else is an internal error (5001, generic info; details to the log only). */
function asRaisedError(exchange: Exchange, thrown: unknown): RaisedError {
  if (thrown instanceof RaisedError) return thrown
  const requestId = exchange.record?.id
  const detail = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)
  exchange.gateway.logger.write('svc_alert', {
    requestID: requestId,
    topic: 'error',
    message: 'Internal error',
    code: ERROR_KINDS.FLOW_EXECUTION.code,
    status: ERROR_KINDS.FLOW_EXECUTION.status,
    info: [detail],
    raised: true,
    stack: thrown instanceof Error ? thrown.stack : undefined,
  })
  return gatewayError('FLOW_EXECUTION', ['Internal error'], requestId)
}

const DOCUMENT_TYPE = 'application/json'

/** X15: flow-set headers kept except the dropped ones; the document's Content-Type and Cache-Control. */
function sendErrorDocument(
  exchange: Exchange,
  headers: readonly (readonly [string, string])[],
  error: RaisedError,
  status: number,
): void {
  const body = renderErrorDocument(error.errorObject, exchange.record?.id ?? '')
  const kept: (readonly [string, string])[] = []
  for (const field of headers) {
    const lower = field[0].toLowerCase()
    if (!ERROR_DROPPED_HEADERS.has(lower) && lower !== 'cache-control') kept.push(field)
  }
  kept.push(['Cache-Control', 'no-store'])
  try {
    sendResponse(exchange, status, kept, DOCUMENT_TYPE, body)
  } catch {
    // A flow-set header node refuses (invalid characters): send the document with the gateway's own headers.
    sendResponse(exchange, status, [...error.headers, ['Cache-Control', 'no-store']], DOCUMENT_TYPE, body)
  }
}
