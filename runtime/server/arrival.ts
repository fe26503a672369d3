/**
 * PL1 (definition.md section 9): what the gateway knows of a request the moment it arrives: its id
 * (operations.md LG2), its target (P16) and the `$request` record (R1-R11). The record exists for
 * every request, so every later step (the access line included) can rely on it; a target the gateway
 * refuses (3213, never the error flow) is returned beside it for the pipeline to raise.
 */
import type { IncomingMessage } from 'node:http'

import { gatewayError, type RaisedError } from '../errors/raised-error.js'
import { parseRequestTarget } from '../http/request-target.js'
import type { GatewayCore } from './exchange.js'
import { tooManyQueryParams } from './limits.js'
import { collectHeaders } from './request-headers.js'
import { resolveOrigin } from './request-origin.js'
import { RequestRecord } from './request-record.js'

export interface Arrival {
  readonly record: RequestRecord
  /** PL1's refusal (P16: a malformed target; SVC_MAX_QUERY_PARAMS), or null. */
  readonly refusal: RaisedError | null
}

export function readArrival(gateway: GatewayCore, req: IncomingMessage): Arrival {
  const headers = collectHeaders(req.rawHeaders)
  const id = gateway.ids.next(headers.get(gateway.ids.incomingHeader))
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
  if (malformed) return { record, refusal: gatewayError('MALFORMED_REQUEST', [parsed], id) }
  // SVC_MAX_QUERY_PARAMS (issue 8): refused like a malformed target, before `$request/get` is built
  const maxParams = gateway.config.maxQueryParams
  if (query !== null && tooManyQueryParams(query, maxParams)) {
    return { record, refusal: gatewayError('MALFORMED_REQUEST', [`Query has more than ${maxParams} parameters`], id) }
  }
  return { record, refusal: null }
}
