/**
 * Building the HTTP request of `request` and `requests` (upstream.md UP-GEN-3 step 2): URL with the
 * attribute defaults and the configured query (UP-CFG-2, UP-CFG-7), method (UP-CFG-3), body
 * (UP-BODY-1..4; a `HEAD` request never carries one, UP-CFG-5), header fields with the defaults,
 * cookies, credentials and `X-Forwarded-For` (UP-CFG-4..6, UP-NET-5, UP-NET-6), the client
 * certificate (UP-NET-2, 3211 when unusable), the effective timeouts (UP-TIME) and `https:` when
 * `security/force-backend-https` is set (UP-NET-8). The JWT `out-header` of the passing security
 * alternative (security.md J12) comes before `headers`, which can replace it (UP-CFG-5).
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError, gatewayError } from '../errors/raised-error.js'
import { HTTP_TOKEN } from '../values/http-token.js'
import { CertificateError } from './client-certificates.js'
import type { ClientCertificate } from './connection-target.js'
import type { UpstreamOptions } from './options.js'
import { encodeForm, encodeQueryString, EncodingError } from './percent-encoding.js'
import type { PreparedRequest } from './prepared-request.js'
import { type BodySite, formBody, multipartBody, type OutgoingBody, rawBody } from './request-body.js'
import type { HeaderField, NameValue, RequestConfig } from './request-config.js'
import type { UpstreamServices } from './services.js'
import { forcedHttps, type TargetUrl, withQuery } from './target-url.js'
import { timeoutLimits } from './timeouts.js'

/** Attribute values of `request` (ACT-request-1); `""` counts as absent. */
export interface RequestDefaults {
  readonly url?: string | undefined
  readonly method?: string | undefined
}

const ORIGIN_BOUND: readonly string[] = Object.freeze(['authorization', 'cookie'])

/** Fields never sent to another origin after a redirect (UP-REDIR-2), plus the JWT `out-header` (security.md J12). */
export function originBound(ctx: FlowContext): readonly string[] {
  const extra = ctx.upstreamHeaders
  return extra.length === 0 ? ORIGIN_BOUND : [...ORIGIN_BOUND, ...extra.map(([name]) => name.toLowerCase())]
}

const DEFAULT_FIELDS: readonly (readonly [string, string])[] = [
  ['User-Agent', 'svc-gateway'],
  ['Accept', '*/*'],
  ['Accept-Encoding', 'gzip, br'],
]

export function prepareRequest(
  ctx: FlowContext,
  services: UpstreamServices,
  config: RequestConfig,
  id: string,
  defaults: RequestDefaults,
  site: BodySite,
): PreparedRequest {
  const fail = (reason: string) => flowExecutionError(site.at, site.action, `request '${id}': ${reason}`, ctx.requestId)
  const urlText = config.url ?? (defaults.url === '' ? undefined : defaults.url)
  if (urlText === undefined) throw fail('url is missing (set url in the configuration or the url attribute)')
  try {
    const parsed = services.urls.parse(urlText, config.encoding)
    if (!parsed.ok) throw fail(parsed.reason)
    const forceHttps = ctx.settings?.forceBackendHttps === true
    const query = applyQuery(parsed.url, config)
    const url = forceHttps ? forcedHttps(query) : query
    const method = config.method ?? methodDefault(defaults.method, config, fail)
    let body = buildBody(ctx, config, site)
    if (method === 'HEAD' && body !== null) {
      site.warn(`request '${id}': a HEAD request carries no body; the configured body is dropped`)
      body = null
    }
    const headers = buildHeaders(ctx, url, config, body, services.settings.requestIdHeader)
    return {
      id,
      url,
      method,
      headers,
      body: body === null ? null : body.bytes,
      bodyStream: null,
      options: config.options,
      limits: timeoutLimits(config.options, services.settings),
      certificate: loadCertificate(ctx, services, config.options, site),
      originBound: originBound(ctx),
      clientHeaders: ctx.request?.headers ?? null,
      forceHttps,
    }
  } catch (error) {
    if (error instanceof EncodingError) throw fail(error.message)
    throw error
  }
}

/** UP-CFG-3 defaults: the attribute, else POST with a body, else GET. */
function methodDefault(attribute: string | undefined, config: RequestConfig, fail: (reason: string) => Error): string {
  if (attribute !== undefined && attribute !== '') {
    if (!HTTP_TOKEN.test(attribute)) throw fail(`method ${JSON.stringify(attribute)} is not a valid HTTP method`)
    return attribute.toUpperCase()
  }
  return config.post !== null || config.uploads !== null || config.body !== null ? 'POST' : 'GET'
}

/** UP-CFG-7: `query` replaces the URL's query; `""`, an empty list or all-null values remove it. */
function applyQuery(url: TargetUrl, config: RequestConfig): TargetUrl {
  const query = config.query
  if (query === null) return url
  if (query.kind === 'string')
    return withQuery(url, query.text === '' ? null : encodeQueryString(query.text, config.encoding))
  if (query.pairs.length === 0) return withQuery(url, null)
  return withQuery(url, encodeForm(query.pairs, config.encoding, config.options.queryEncodingRawChars ?? ''))
}

function buildBody(ctx: FlowContext, config: RequestConfig, site: BodySite): OutgoingBody | null {
  if (config.uploads !== null) return multipartBody(ctx, config.post, config.uploads, site)
  if (config.post !== null) return formBody(config.post, config.encoding)
  if (config.body !== null) return rawBody(ctx, config.body, site)
  return null
}

/** Ordered header fields: defaults and the request id, then `headers` (replacing by name, `null` removing), then the gateway's own. */
function buildHeaders(
  ctx: FlowContext,
  url: TargetUrl,
  config: RequestConfig,
  body: OutgoingBody | null,
  requestIdHeader: string,
): [string, string][] {
  // the request id (operations.md LG2) goes upstream like a default: a configured field replaces it
  const fields = new FieldList([
    ['Host', url.host],
    ...DEFAULT_FIELDS,
    [requestIdHeader, ctx.requestId],
    ...ctx.upstreamHeaders,
  ])
  applyConfiguredHeaders(fields, config.headers)
  if (body !== null) {
    const explicitMime = config.body?.mime ?? null
    if (body.forcedType || explicitMime !== null) fields.set('Content-Type', body.contentType!)
    else if (!fields.has('content-type') && body.contentType !== null) fields.set('Content-Type', body.contentType)
  }
  applyCookies(fields, config.cookies)
  applyCredentials(fields, config.options, url)
  applyForwardedFor(ctx, fields, config.options)
  return fields.entries()
}

export function applyConfiguredHeaders(fields: FieldList, headers: readonly HeaderField[]): void {
  for (const { name, value } of headers) {
    if (value === null) fields.delete(name)
    else fields.set(name, value)
  }
}

/** UP-CFG-6: a non-empty cookie list replaces any `Cookie` of `headers`. */
export function applyCookies(fields: FieldList, cookies: readonly NameValue[] | null): void {
  if (cookies === null) return
  fields.set('Cookie', cookies.map(({ name, value }) => `${name}=${value}`).join('; '))
}

/** UP-NET-6, UP-CFG-2: `basic-auth-credentials`, else the URL's user information. */
export function applyCredentials(fields: FieldList, options: UpstreamOptions, url: TargetUrl): void {
  const credentials =
    options.basicAuthCredentials ??
    (url.credentials === null ? undefined : `${url.credentials.user}:${url.credentials.password}`)
  if (credentials !== undefined)
    fields.set('Authorization', `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`)
}

/** UP-NET-5: the client IP, appended to the client's own `X-Forwarded-For`. */
export function applyForwardedFor(ctx: FlowContext, fields: FieldList, options: UpstreamOptions): void {
  if (options.sendXForwardedFor !== true) return
  const address = clientAddress(ctx.request?.remoteAddress)
  if (address === null) return
  const existing = ctx.request?.headers.get('x-forwarded-for')
  fields.set('X-Forwarded-For', existing === undefined || existing === '' ? address : `${existing}, ${address}`)
}

function clientAddress(remote: string | undefined): string | null {
  if (remote === undefined || remote === '') return null
  return remote.startsWith('::ffff:') && remote.includes('.') ? remote.slice(7) : remote
}

/** UP-NET-2: loads the configured client certificate; an unusable one is error 3211. */
export function loadCertificate(
  ctx: FlowContext,
  services: UpstreamServices,
  options: UpstreamOptions,
  site: BodySite,
): ClientCertificate | null {
  const file = options.clientCertificateFile
  if (file === undefined) return null
  const absolute = file.startsWith('/')
  const path = absolute
    ? file
    : file.startsWith('svc://site/')
      ? file.slice('svc://site/'.length)
      : site.dir === ''
        ? file
        : `${site.dir}/${file}`
  try {
    return services.certificates.load({ absolute, path }, options.clientCertificatePassword ?? null)
  } catch (error) {
    if (error instanceof CertificateError)
      throw gatewayError('CONFIGURATION', [`${error.message} (${site.at}, ${site.action})`], ctx.requestId)
    throw error
  }
}

/** Header fields in order; names compare case-insensitively, `set` keeps the position of the first and the new spelling. */
export class FieldList {
  readonly #fields: [string, string][] = []
  /** Lower-case names, parallel to #fields. */
  readonly #lower: string[] = []

  constructor(initial: readonly (readonly [string, string])[] = []) {
    for (const [name, value] of initial) this.set(name, value)
  }

  has(lowerName: string): boolean {
    return this.#lower.includes(lowerName)
  }

  set(name: string, value: string): void {
    const lower = name.toLowerCase()
    const at = this.#lower.indexOf(lower)
    if (at < 0) {
      this.#fields.push([name, value])
      this.#lower.push(lower)
      return
    }
    this.#fields[at] = [name, value]
    for (let i = this.#lower.length - 1; i > at; i--) if (this.#lower[i] === lower) this.#remove(i)
  }

  delete(name: string): void {
    const lower = name.toLowerCase()
    for (let i = this.#lower.length - 1; i >= 0; i--) if (this.#lower[i] === lower) this.#remove(i)
  }

  #remove(i: number): void {
    this.#fields.splice(i, 1)
    this.#lower.splice(i, 1)
  }

  entries(): [string, string][] {
    return this.#fields
  }
}
