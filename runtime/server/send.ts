/**
 * PL13 and PL14 (definition.md section 9): every response of the gateway — a flow's, an error
 * document, a reserved endpoint's, a CORS pre-flight's — leaves through `send`, which adds the CORS
 * response headers of an API request (security.md O18, O19) and the rate-limit fields of a limited
 * operation (rate-limits.md RL6), decides whether the connection closes
 * (after an unread body or a 413, and during shutdown, CL10), applies the debug `append` sink
 * (operations.md DB7) and writes the message. Nothing is sent once the client has gone (F-EXEC-8).
 *
 * A flow's response becomes an OutgoingResponse here too (flows.md F-RESP-4, F-RESP-5, PL16, PL17):
 * its body rendered and its `Content-Type` chosen by F-RESP-5 precedence — the terminating action's
 * explicit `mime`, a `Content-Type` field set by a flow, the action's default `mime`, the media type
 * of the value, none — or the body a proxy passes on as received.
 */
import type { FlowContext } from '../context/flow-context.js'
import type { PassedBody } from '../context/response.js'
import { withCorsHeaders } from '../cors/response-headers.js'
import { renderBody } from '../http/render-body.js'
import { writeResponse } from '../http/write-response.js'
import type { Exchange } from './exchange.js'
import { debugBody } from './exchange-hooks.js'

type Fields = readonly (readonly [string, string])[]

/** A response with its body rendered (status, fields, F-RESP-5 media type, body). */
export interface RenderedResponse {
  readonly status: number
  readonly headers: Fields
  readonly contentType: string | null
  readonly body: string | Uint8Array
  readonly passed?: undefined
}

/** A proxy's response whose body is passed on as received (upstream.md UP-PROXY-5, UP-GEN-6). */
export interface PassedResponse {
  readonly status: number
  readonly headers: Fields
  readonly passed: PassedBody
}

export type OutgoingResponse = RenderedResponse | PassedResponse

/** Sends `response` to the client; throws when a header field is refused (nothing is sent then). */
export function send(exchange: Exchange, response: OutgoingResponse): void {
  const passed = response.passed
  if (exchange.finished) return passed?.discard()
  const close = exchange.closeConnection || exchange.gateway.stopping
  const fields = responseFields(exchange, response.headers)
  const method = exchange.req.method ?? 'GET'
  const status = response.status
  exchange.sent =
    passed === undefined
      ? writeResponse(
          exchange.res,
          method,
          status,
          fields,
          response.contentType,
          debugBody(exchange, status, response.body),
          close,
        )
      : passed.send(exchange.res, { method, status, fields, close })
}

/**
 * PL13 (security.md O18, O19), the rate-limit fields (rate-limits.md RL6) and the request id (LG2,
 * unless the response sets that field itself) added to `headers`.
 */
function responseFields(exchange: Exchange, headers: Fields): Fields {
  const cors = exchange.cors
  const fields = cors === null ? headers : withCorsHeaders(cors, exchange.record.headers.get('origin'), headers)
  const limits = exchange.rateLimitFields
  const out = limits === null ? fields.slice() : fields.concat(limits)
  const gateway = exchange.gateway
  if (!hasField(fields, gateway.ids.incomingHeader)) out.push([gateway.config.requestIdHeader, exchange.record.id])
  return out
}

/** Whether `fields` has a field named `lowerName` (lower case). */
function hasField(fields: Fields, lowerName: string): boolean {
  for (const [name] of fields) if (name.length === lowerName.length && name.toLowerCase() === lowerName) return true
  return false
}

/** Renders the response a flow run built; throws when rendering fails. */
export function renderFlowResponse(ctx: FlowContext): RenderedResponse {
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
 * What is sent for the response a flow run built: the proxy's passed-on body while it still is the
 * main content, else `rendered` (PL12 renders first to validate) or the response rendered now.
 */
export function flowOutgoing(ctx: FlowContext, rendered?: RenderedResponse): OutgoingResponse {
  const passed = takePassedBody(ctx)
  if (passed !== undefined) return { status: ctx.response.status, headers: ctx.response.headers.entries(), passed }
  return rendered ?? renderFlowResponse(ctx)
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
