/**
 * Sending at PL14 (flows.md F-RESP-4, F-RESP-5, definition.md PL16, PL17): the flow's response with
 * its body rendered and its `Content-Type` chosen by F-RESP-5 precedence — the terminating action's
 * explicit `mime`, a `Content-Type` field set by a flow, the action's default `mime`, the media type
 * of the value, none. Nothing is sent once the client has gone (F-EXEC-8).
 */
import type { FlowContext } from '../context/flow-context.js'
import type { PassedBody } from '../context/response.js'
import { withCorsHeaders } from '../cors/response-headers.js'
import { renderBody } from '../http/render-body.js'
import { writeResponse } from '../http/write-response.js'
import type { Exchange } from './exchange.js'
import { debugBody } from './exchange-hooks.js'

/** A flow's response as it will be sent (status, fields, F-RESP-5 media type, rendered body). */
export interface FlowResponse {
  readonly status: number
  readonly headers: readonly (readonly [string, string])[]
  readonly contentType: string | null
  readonly body: string | Uint8Array
}

/** Renders the response a flow run built; throws when rendering fails. */
export function renderFlowResponse(ctx: FlowContext): FlowResponse {
  const response = ctx.response
  const rendered = renderBody(response.body ?? ctx.contents.main)
  const explicit = response.explicitMime?.trim()
  const contentType =
    (explicit !== undefined && explicit !== '' ? explicit : undefined) ??
    response.headers.get('content-type') ??
    response.defaultMime ??
    rendered.mediaType
  return { status: response.status, headers: response.headers.entries(), contentType, body: rendered.body }
}

/**
 * Renders (unless already rendered, PL12) and sends the response a flow run built; throws when
 * rendering or the header check fails.
 */
export function sendFlowResponse(exchange: Exchange, ctx: FlowContext, rendered?: FlowResponse): void {
  const passed = takePassedBody(ctx)
  if (exchange.finished) return passed?.discard()
  if (passed !== undefined) return sendPassedBody(exchange, ctx, passed)
  const response = rendered ?? renderFlowResponse(ctx)
  sendResponse(exchange, response.status, response.headers, response.contentType, response.body)
}

export function sendResponse(
  exchange: Exchange,
  status: number,
  headers: readonly (readonly [string, string])[],
  contentType: string | null,
  body: string | Uint8Array,
): void {
  if (exchange.finished) return
  const close = exchange.closeConnection || exchange.gateway.stopping
  // PL13 (security.md O18, O19)
  const fields =
    exchange.cors === null ? headers : withCorsHeaders(exchange.cors, exchange.record?.headers.get('origin'), headers)
  // PL14: the debug `append` sink (operations.md DB7)
  body = debugBody(exchange, status, body)
  exchange.sent = writeResponse(exchange.res, exchange.req.method ?? 'GET', status, fields, contentType, body, close)
}

/** The proxy's passed-on body, if it still belongs to the main content (upstream.md UP-PROXY-5, UP-GEN-6). */
function takePassedBody(ctx: FlowContext): PassedBody | undefined {
  const passed = ctx.response.passed
  if (passed === undefined) return undefined
  ctx.response.passed = undefined
  if (passed.main === ctx.contents.main && ctx.response.body === undefined) return passed
  passed.discard()
  return undefined
}

/** Sends a passed-on body with the flow's status and fields, PL13 included. */
function sendPassedBody(exchange: Exchange, ctx: FlowContext, passed: PassedBody): void {
  const headers = ctx.response.headers.entries()
  const fields =
    exchange.cors === null ? headers : withCorsHeaders(exchange.cors, exchange.record?.headers.get('origin'), headers)
  const close = exchange.closeConnection || exchange.gateway.stopping
  exchange.sent = passed.send(exchange.res, {
    method: exchange.req.method ?? 'GET',
    status: ctx.response.status,
    fields,
    close,
  })
}
