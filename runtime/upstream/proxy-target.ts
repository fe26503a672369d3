/**
 * The request a proxy sends (upstream.md UP-PROXY-2..4, UP-GEN-6 step 4, UP-CFG-5): the target URL
 * from `origin` (the raw client path, `stripEndpoint`, `addPrefix`) or `url`, the query (configured,
 * else the URL's, else the client's), the client's method and body, the client's header fields minus
 * `Cookie`, `Authorization`, `Host`, `Content-Length`, `Accept-Encoding`, hop-by-hop fields (and those
 * named in `Connection`), `Expect` and `Debug`; then the gateway defaults, the JWT `out-header`, the
 * configured `headers` (a value sets, `""`/`null` removes), `cookies`, credentials and
 * `X-Forwarded-For`. A streamed response forwards the client's `Accept-Encoding` instead. With
 * `security/force-backend-https` the target goes out as `https:` (UP-NET-8).
 */
import { type Readable, Transform, type TransformCallback } from 'node:stream'

import type { ClientRequest, FlowContext } from '../context/flow-context.js'
import { flowExecutionError } from '../errors/raised-error.js'
import type { ActionSite } from './action-site.js'
import {
  applyConfiguredHeaders,
  applyCookies,
  applyCredentials,
  applyForwardedFor,
  FieldList,
  loadCertificate,
  originBound,
} from './build-request.js'
import { connectionNamedFields, HOP_BY_HOP_FIELDS } from './hop-by-hop.js'
import type { PreparedRequest } from './prepared-request.js'
import type { ProxyConfig } from './proxy-config.js'
import { MAIN_ID } from './request-id.js'
import type { UpstreamServices } from './services.js'
import { forcedHttps, parseTargetUrl, type TargetUrl, withPlainPath, withQuery } from './target-url.js'
import { timeoutLimits } from './timeouts.js'

/** Client fields never sent to the proxied upstream (UP-PROXY-4); fields named in `Connection` too. */
const DROPPED = new Set<string>([
  'cookie',
  'authorization',
  'host',
  'content-length',
  'accept-encoding',
  ...HOP_BY_HOP_FIELDS,
  'expect',
  'debug',
])

export interface ProxyBody {
  /** The client body not read yet (streamed, UP-GEN-6 step 2), or null: the body read at PL18. */
  readonly stream: Readable | null
  /** A client body left unread at PL18 and read by the proxy itself (for upstream validation). */
  readonly bytes?: Buffer | null
  /** Streaming the response: forward the client's `Accept-Encoding`. */
  readonly streamResponse: boolean
}

export function prepareProxy(
  ctx: FlowContext,
  services: UpstreamServices,
  config: ProxyConfig,
  client: ClientRequest,
  site: ActionSite,
  body: ProxyBody,
): PreparedRequest {
  const fail = (reason: string) => flowExecutionError(site.at, site.action, reason, ctx.requestId)
  const target = targetUrl(config, client, fail)
  const forceHttps = ctx.settings?.forceBackendHttps === true
  const url = forceHttps ? forcedHttps(target) : target
  const fields = new FieldList([['Host', url.host]])
  const connection = client.headers.get('connection')
  const connectionNamed = connectionNamedFields(connection)
  // names of the client's fields are lower-case and unique already
  for (const [name, value] of client.headers) {
    if (!DROPPED.has(name) && connectionNamed?.has(name) !== true) fields.set(name, value)
  }
  if (!fields.has('user-agent')) fields.set('User-Agent', 'svc-gateway')
  if (!fields.has('accept')) fields.set('Accept', '*/*')
  const clientEncoding = client.headers.get('accept-encoding')
  if (!body.streamResponse) fields.set('Accept-Encoding', 'gzip, br')
  else if (clientEncoding !== undefined) fields.set('Accept-Encoding', clientEncoding)
  // the gateway's request id replaces one the client sent (operations.md LG2)
  fields.set(services.settings.requestIdHeader, ctx.requestId)
  for (const [name, value] of ctx.upstreamHeaders) fields.set(name, value)
  applyConfiguredHeaders(fields, config.headers)
  applyCookies(fields, config.cookies)
  applyCredentials(fields, config.options, url)
  applyForwardedFor(ctx, fields, config.options)
  const length = client.headers.get('content-length')
  if (body.stream !== null && length !== undefined) fields.set('Content-Length', length)
  const bytes = body.bytes ?? client.body.bytes
  return {
    id: MAIN_ID,
    url,
    method: client.method,
    headers: fields.entries(),
    body:
      body.stream === null && bytes.length > 0 ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null,
    bodyStream: body.stream,
    options: config.options,
    limits: timeoutLimits(config.options, services.settings),
    certificate: loadCertificate(ctx, services, config.options, site),
    originBound: originBound(ctx),
    clientHeaders: client.headers,
    forceHttps,
  }
}

/** UP-PROXY-2. */
function targetUrl(config: ProxyConfig, client: ClientRequest, fail: (reason: string) => Error): TargetUrl {
  const configured = config.encodedQuery
  if (config.url !== null) {
    const query = configured !== null ? configured : (config.parsed.query ?? client.query)
    return withQuery(config.parsed, query === '' ? null : query)
  }
  let path = client.path
  if (config.stripEndpoint) {
    path = path.startsWith(client.endpoint) ? path.slice(client.endpoint.length) : path
    if (!path.startsWith('/')) path = `/${path}`
  }
  if (config.addPrefix !== null) path = config.addPrefix + path
  const query = configured !== null ? configured : client.query
  // the usual client path needs no URL parsing: the origin was parsed when the configuration was checked
  const plain = withPlainPath(config.parsed, path, query === '' ? null : query)
  if (plain !== undefined) return plain
  const parsed = parseTargetUrl(config.origin! + path, 'utf-8')
  if (!parsed.ok) throw fail(parsed.reason)
  return withQuery(parsed.url, query === '' ? null : query)
}

/**
 * Counts a streamed client body against SVC_MAX_BODY_SIZE (definition.md PL18, UP-GEN-6 step 2):
 * beyond it the transfer fails; `exceeded` tells the proxy to answer 413 / 3212.
 */
export class BodyLimit extends Transform {
  bytes = 0
  exceeded = false

  constructor(readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length
    if (this.bytes > this.limit) {
      this.exceeded = true
      callback(new Error(`Request body exceeds ${this.limit} bytes`))
    } else callback(null, chunk)
  }
}
