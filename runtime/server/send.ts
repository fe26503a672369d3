/**
 * Sending at PL14 (flows.md F-RESP-4, F-RESP-5, definition.md PL16, PL17): the flow's response with
 * its body rendered and its `Content-Type` chosen by F-RESP-5 precedence — the terminating action's
 * explicit `mime`, a `Content-Type` field set by a flow, the action's default `mime`, the media type
 * of the value, none. Nothing is sent once the client has gone (F-EXEC-8).
 */
import type { FlowContext } from '../flow/context.js'
import type { Exchange } from './exchange.js'
import { renderBody } from './render-body.js'
import { writeResponse } from './write-response.js'

/** Renders and sends the response a flow run built; throws when rendering or the header check fails. */
export function sendFlowResponse(exchange: Exchange, ctx: FlowContext): void {
  if (exchange.finished) return
  const response = ctx.response
  const rendered = renderBody(response.body ?? ctx.contents.main)
  const explicit = response.explicitMime?.trim()
  const contentType =
    (explicit !== undefined && explicit !== '' ? explicit : undefined) ??
    response.headers.get('content-type') ??
    response.defaultMime ??
    rendered.mediaType
  sendResponse(exchange, response.status, response.headers.entries(), contentType, rendered.body)
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
  exchange.sent = writeResponse(exchange.res, exchange.req.method ?? 'GET', status, headers, contentType, body, close)
}
