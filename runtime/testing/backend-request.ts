/**
 * `$request` and `$body` of a backend flow (actions.md ACT-backend-flow-3): the upstream request as a
 * server would see it, parsed as in definition.md section 10 (`method`, `url`, `path`, `query`,
 * `headers`, `get`, `post`, `cookies`), with `purpose` `backend`, `endpoint` equal to `path` and no
 * `params`.
 */
import type { Dispatcher } from 'undici'

import { parseFormEncoded } from '../http/form-decoding.js'
import { parseMultipartFields } from '../http/multipart.js'
import { oxnRoot } from '../oxn/index.js'
import { collectHeaders } from '../server/request-headers.js'
import { splitAuthority } from '../server/request-origin.js'
import { RequestRecord } from '../server/request-record.js'
import { buildRequestObject } from '../server/request-variable.js'
import { Content } from '../values/content.js'
import type { Sequence } from '../values/item.js'
import { JsonObject } from '../values/json-value.js'

/** The upstream request of one hop as a request record (`requestId` is the calling request's). */
export function backendRequestRecord(
  requestId: string,
  options: Dispatcher.DispatchOptions,
  body: Buffer,
): RequestRecord {
  const origin = String(options.origin ?? '')
  const target = options.path
  const question = target.indexOf('?')
  const path = question < 0 ? target : target.slice(0, question)
  const query = question < 0 || question === target.length - 1 ? null : target.slice(question + 1)
  const headers = collectHeaders(flatHeaders(options.headers))
  const https = origin.startsWith('https:')
  const { host, port } = splitAuthority(origin.replace(/^[a-z]+:\/\//i, ''), https ? 443 : 80)
  const record = new RequestRecord(requestId, options.method, path, query, headers, {
    host,
    port,
    url: origin + target,
  })
  const mediaType = headers.get('content-type') ?? null
  if (body.length > 0) record.body = new Content(body, mediaType)
  record.bodySize = body.length
  const essence = record.body.essence
  if (essence === 'application/x-www-form-urlencoded') record.post = parseFormEncoded(body.toString('utf8'))
  else if (essence === 'multipart/form-data' && mediaType !== null) record.post = parseMultipartFields(body, mediaType)
  return record
}

/** `$request` of the backend flow: section 10's object with `purpose` `backend`. */
export function backendRequestVariable(record: RequestRecord): Sequence {
  const object = buildRequestObject(record)
  const values = object.values.map((value, i) => (object.keys[i] === 'purpose' ? 'backend' : value))
  return [oxnRoot(new JsonObject(object.keys, values))]
}

function flatHeaders(headers: Dispatcher.DispatchOptions['headers']): string[] {
  if (headers === null || headers === undefined) return []
  if (Array.isArray(headers)) return headers.map(String)
  const flat: string[] = []
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) flat.push(name, String(item))
  }
  return flat
}
