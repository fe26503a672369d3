/**
 * `$request` as a JsonValue for oxnRoot (definition.md section 10): members in the order of the table
 * (R4) — method, purpose, debug, host, port, id, url, path, query (only when present, R11), headers
 * (R1, R5), get (R6), post (forms only), cookies (only with a `Cookie` header, R7), params (P10),
 * endpoint (R2, R8).
 */
import { parseCookies } from '../http/cookies.js'
import { parseFormEncoded } from '../http/form-decoding.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import type { RequestRecord } from './request-record.js'

const EMPTY_OBJECT = new JsonObject([], [])

export function buildRequestObject(request: RequestRecord): JsonObject {
  const keys: string[] = ['method', 'purpose', 'debug', 'host', 'port', 'id', 'url', 'path']
  // `new Array`, not a literal: see singleton() (runtime/values/item.ts) on pretenured literals
  const values = new Array<JsonValue>()
  values.push(
    request.method,
    'main',
    request.debug,
    request.host,
    new JsonNumber(String(request.port)),
    request.id,
    request.url,
    request.path,
  )
  if (request.query !== null) {
    keys.push('query')
    values.push(request.query)
  }
  keys.push('headers', 'get')
  values.push(new JsonObject([...request.headers.keys()], [...request.headers.values()]))
  values.push(request.query === null ? EMPTY_OBJECT : JsonObject.fromEntries(parseFormEncoded(request.query)))
  if (request.post !== null) {
    keys.push('post')
    values.push(JsonObject.fromEntries(request.post))
  }
  const cookie = request.headers.get('cookie')
  if (cookie !== undefined) {
    keys.push('cookies')
    values.push(JsonObject.fromEntries(parseCookies(cookie)))
  }
  keys.push('params', 'endpoint')
  values.push(request.params.length === 0 ? EMPTY_OBJECT : JsonObject.fromEntries(request.params), request.endpoint)
  return new JsonObject(keys, values)
}
