/**
 * How an error becomes a response: the one module that writes answers to errors (definition.md PL15,
 * errors.md X6, X14-X17, EF1-EF12). The pipeline hands it whatever a stage threw.
 *
 * `answerError` decides:
 * - the system error document at once (X15) when the error flow does not apply: the error was raised
 *   before the request was known to be an API request or its default flow's (PL1-PL3: a refused
 *   target, a reserved endpoint, the non-API 405; EF3, X16), the registry answers its code without the
 *   error flow (3212, 3213: runtime/errors/codes.ts), or no error flow is configured;
 * - otherwise the error flow, in the request's flow context (made now when no stage made it yet):
 *   `$error` is set, the body, its `Content-Type` and the X15 headers are discarded, the status and
 *   the error's own headers (`Allow`, `WWW-Authenticate`) are preset (EF4), and the error flow runs
 *   once. An error raised inside it replaces `$error`, drops the first error's preset headers and sends
 *   its own document (EF8).
 *
 * The registry also says when the connection closes after the answer (3212). Anything thrown that is
 * not a RaisedError is an internal error: 5001, logged as an alert with its stack. `answerLastResort`
 * is for a failure of the pipeline itself, which by design does not happen.
 */
import type { ServerResponse } from 'node:http'

import type { FlowContext } from '../context/flow-context.js'
import { ERROR_KINDS, errorKindOf } from '../errors/codes.js'
import { ERROR_DROPPED_HEADERS, errorStatusOf, renderErrorDocument } from '../errors/error-document.js'
import { gatewayError, RaisedError } from '../errors/raised-error.js'
import { plainValue, writeAlert } from '../log/alert.js'
import type { Logger } from '../log/logger.js'
import { oxnRoot } from '../oxn/index.js'
import type { Exchange } from './exchange.js'
import { createFlowContext } from './flow-run.js'
import { flowOutgoing, send } from './send.js'

type Fields = readonly (readonly [string, string])[]

/**
 * Answers `thrown`. `errorFlowApplies`: the request got past PL3 as an API request or into its default
 * flow (EF2, X16).
 */
export async function answerError(exchange: Exchange, thrown: unknown, errorFlowApplies: boolean): Promise<void> {
  if (exchange.clientGone) return
  const error = asRaisedError(exchange, thrown)
  noteError(exchange, error)
  const kind = errorKindOf(error.code)
  if (kind?.closesConnection === true) exchange.closeConnection = true
  if (kind?.withoutErrorFlow === true || !errorFlowApplies) {
    sendErrorDocument(exchange, error.headers, error, errorStatusOf(error.errorObject))
    return
  }
  const errorFlow = exchange.gateway.app.errorFlow
  let ctx = exchange.ctx
  if (ctx === null) {
    if (errorFlow === null) {
      sendErrorDocument(exchange, error.headers, error, errorStatusOf(error.errorObject))
      return
    }
    ctx = createFlowContext(exchange)
  }
  applyError(ctx, error)
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
    } else send(exchange, flowOutgoing(ctx))
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

function noteError(exchange: Exchange, error: RaisedError): void {
  exchange.errorCode = error.code
  if (error.alertTopic !== null) {
    writeAlert(exchange.gateway.logger, exchange.record.id, error.alertTopic, error.errorObject, true, exchange.span)
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
  const requestId = exchange.record.id
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
function sendErrorDocument(exchange: Exchange, headers: Fields, error: RaisedError, status: number): void {
  const body = renderErrorDocument(
    error.errorObject,
    exchange.record.id,
    error.byFlow ? 'full' : exchange.gateway.services.errorDetails,
  )
  const kept: (readonly [string, string])[] = []
  for (const field of headers) {
    const lower = field[0].toLowerCase()
    if (!ERROR_DROPPED_HEADERS.has(lower) && lower !== 'cache-control') kept.push(field)
  }
  kept.push(['Cache-Control', 'no-store'])
  try {
    send(exchange, { status, headers: kept, contentType: DOCUMENT_TYPE, body })
  } catch {
    // A flow-set header node refuses (invalid characters): send the document with the gateway's own headers.
    const own: Fields = [...error.headers, ['Cache-Control', 'no-store']]
    send(exchange, { status, headers: own, contentType: DOCUMENT_TYPE, body })
  }
}

/**
 * The pipeline failed itself (a bug: it answers everything a stage throws): logged as an alert, and
 * the exchange ends with an empty 500 and `Connection: close`, or is cut when a head was already sent.
 */
export function answerLastResort(
  logger: Logger,
  res: ServerResponse,
  requestId: string | undefined,
  error: unknown,
): void {
  logger.write('svc_alert', {
    requestID: requestId,
    topic: 'error',
    message: 'Internal error',
    info: [error instanceof Error ? `${error.name}: ${error.message}` : String(error)],
    raised: false,
    stack: error instanceof Error ? error.stack : undefined,
  })
  try {
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Length': '0', Connection: 'close', Server: 'svc-gateway' })
    }
    res.end()
  } catch {
    res.destroy()
  }
}
