/**
 * Storing the result of one upstream request (upstream.md UP-GEN-3 steps 6-7, UP-RESP-1..4,
 * UP-VAR, UP-ERR-1..5, flows.md F-LOC-5, F-LOC-6, errors.md X7, EF5): the body in
 * `svc://request/content/<id>` (and the main content for ID `main`), the `$upstream` entry, the
 * `set-response-headers` option; after a failure the empty body, the entry with `error`, `$error`
 * (not for a failure recorded in the error flow), an alert with `raised: false` for a recorded
 * failure, and the error to raise when `exit-on-error` is in effect. A request refused or a response
 * replaced by upstream validation (UP-ERR-1, UP-RESP-3, UP-VAR-3) stores the system error document
 * instead of a body, and the error's status in `$upstream/<id>/status`.
 */
import type { FlowContext } from '../context/flow-context.js'
import { ERROR_KINDS } from '../errors/codes.js'
import { errorStatusOf, renderErrorDocument } from '../errors/error-document.js'
import { gatewayErrorObject, RaisedError } from '../errors/raised-error.js'
import { writeAlert } from '../log/alert.js'
import { oxnRoot } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { singleton } from '../values/item.js'
import type { JsonObject } from '../values/json-value.js'
import type { CallFailure, CallResponse } from './call.js'
import { errorKindOf, failureInfo } from './failure.js'
import { rawField } from './http-caching.js'
import { MAIN_ID } from './request-id.js'
import { applyResponseHeadersOption } from './response-headers-option.js'
import { urlText } from './target-url.js'
import type { CallInvalid } from './upstream-contract.js'
import { storeUpstreamEntry } from './upstream-variable.js'

const NO_BYTES = new Uint8Array(0)

/** The content value of a buffered response (UP-RESP-1: `application/octet-stream` without a type). */
export function responseContent(response: CallResponse): Content {
  return new Content(response.body, rawField(response.rawHeaders, 'content-type') ?? 'application/octet-stream')
}

/** Stores a response under `id` and applies `set-response-headers` (UP-RESP-1..4). */
export function storeResponse(
  ctx: FlowContext,
  id: string,
  response: CallResponse,
  setResponseHeaders: JsonObject | undefined,
  warn: (message: string) => void,
): Content {
  const content = responseContent(response)
  ctx.contents.upstream.set(id, content)
  if (id === MAIN_ID) ctx.contents.main = singleton(content)
  if (ctx.readsUpstream)
    storeUpstreamEntry(ctx, id, {
      url: urlText(response.url),
      target: response.target,
      status: response.status,
      cacheHit: response.cacheHit,
      rawHeaders: response.rawHeaders,
    })
  if (setResponseHeaders !== undefined) applyResponseHeadersOption(ctx, setResponseHeaders, warn)
  return content
}

/** `$error` of a transport failure (3101), a timeout (3102) or an unavailable upstream (3103), UP-ERR-2. */
export function failureError(ctx: FlowContext, id: string, failure: CallFailure): JsonObject {
  return gatewayErrorObject(
    errorKindOf(failure.failure),
    [failureInfo(failure.failure, id, urlText(failure.url))],
    ctx.requestId,
  )
}

/**
 * Records a failure under `id` (UP-ERR-3, UP-RESP-3); returns the error to raise when `exitOnError`.
 * `main` is the main content's fate: absent for `request`, the caller's choice for the proxy.
 */
export function storeFailure(
  ctx: FlowContext,
  id: string,
  failure: CallFailure,
  exitOnError: boolean,
  clearMain = true,
): RaisedError | null {
  const error = failureError(ctx, id, failure)
  ctx.contents.upstream.set(id, new Content(NO_BYTES, null))
  if (id === MAIN_ID && clearMain) ctx.contents.main = undefined
  storeUpstreamEntry(ctx, id, {
    url: urlText(failure.url),
    target: failure.target,
    status: 0,
    cacheHit: false,
    rawHeaders: [],
    error,
  })
  // errors.md EF5: a failure recorded while the error flow runs leaves `$error` as it is
  if (exitOnError || !ctx.inErrorFlow) ctx.vars.set('error', [oxnRoot(error)])
  const topic = ERROR_KINDS[errorKindOf(failure.failure)].alertTopic
  if (exitOnError) return new RaisedError(error, topic)
  writeAlert(ctx.gateway.logger, ctx.requestId, topic, error, false, ctx.trace)
  return null
}

/**
 * Records a validation failure under `id` (UP-ERR-1, UP-ERR-3, UP-RESP-3, UP-VAR-3): the error
 * document as the stored body (and the main content for `main`), the entry with the error's status
 * and `content-type: application/json`; returns the error to raise when `exitOnError`.
 */
export function storeInvalid(
  ctx: FlowContext,
  id: string,
  invalid: CallInvalid,
  exitOnError: boolean,
): RaisedError | null {
  const error = invalid.error
  const document = Content.fromText(
    renderErrorDocument(error, ctx.requestId, ctx.gateway.errorDetails),
    'application/json',
  )
  ctx.contents.upstream.set(id, document)
  if (id === MAIN_ID) ctx.contents.main = [document]
  storeUpstreamEntry(ctx, id, {
    url: urlText(invalid.url),
    status: errorStatusOf(error),
    cacheHit: false,
    rawHeaders: ['content-type', 'application/json'],
    error,
  })
  if (exitOnError || !ctx.inErrorFlow) ctx.vars.set('error', [oxnRoot(error)])
  const topic = ERROR_KINDS.UPSTREAM_REQUEST_INVALID.alertTopic
  if (exitOnError) return new RaisedError(error, topic)
  writeAlert(ctx.gateway.logger, ctx.requestId, topic, error, false, ctx.trace)
  return null
}
