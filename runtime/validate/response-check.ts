/**
 * Response validation (validation.md VA21-VA25), for client responses at PL12 and upstream responses
 * (VA41): the response object by exact status, else `default` (none: one fixed entry); the media type
 * against `produces` for a non-empty body (VA22); declared headers that are present (VA23); the body
 * against the schema, an empty body being `Required` except for 204, 304 and `HEAD` (VA24). An
 * operation without `responses` has nothing to check (VA25).
 */
import { Content } from '../values/content.js'
import { checkBody } from './body.js'
import { mediaEssence, mediaTypeListed } from './media-types.js'
import { checkParameter } from './parameters.js'
import type { OperationPlan } from './plan.js'
import { quote, violation } from './violation.js'

/** A response as it is about to be sent (or as it was received from an upstream). */
export interface ResponseParts {
  readonly status: number
  /** Header fields in order; several fields of one name are joined with `, ` for checking. */
  readonly headers: readonly (readonly [string, string])[]
  /** The `Content-Type` the response carries; null when none. */
  readonly contentType: string | null
  readonly body: string | Uint8Array
}

/** The violation entries of a response to a `method` request (empty when it is valid). */
export function checkResponse(operation: OperationPlan, method: string, response: ResponseParts): string[] {
  const responses = operation.responses
  if (responses === null) return []
  const plan = responses.get(String(response.status)) ?? responses.get('default')
  if (plan === undefined) return [`No definition for status code ${response.status} and no 'default'.`]
  const out: string[] = []
  const size = typeof response.body === 'string' ? response.body.length : response.body.byteLength
  const produces = operation.produces
  if (size > 0 && produces !== null && produces.length > 0) {
    const essence = mediaEssence(response.contentType) || 'application/octet-stream'
    if (!mediaTypeListed(essence, produces)) {
      out.push(
        violation('Produces', 'header', 'content-type', `${quote(essence)} is not one of ${produces.join(', ')}`),
      )
    }
  }
  for (const header of plan.headers) {
    const value = headerValue(response, header.name)
    if (value !== undefined) checkParameter(header, [value], false, out, 'header')
  }
  if (plan.schema !== null && !bodyless(response.status, method)) {
    if (size === 0) out.push(violation('Required', 'body', '/', 'the body is required'))
    else {
      const body =
        typeof response.body === 'string'
          ? Content.fromText(response.body, response.contentType)
          : new Content(response.body, response.contentType)
      checkBody(plan.schema, body, out)
    }
  }
  return out
}

function bodyless(status: number, method: string): boolean {
  return status === 204 || status === 304 || method === 'HEAD'
}

function headerValue(response: ResponseParts, name: string): string | undefined {
  const lower = name.toLowerCase()
  if (lower === 'content-type') return response.contentType ?? undefined
  let value: string | undefined
  for (const [field, text] of response.headers) {
    if (field.toLowerCase() === lower) value = value === undefined ? text : `${value}, ${text}`
  }
  return value
}
