/**
 * The configuration object of `proxy-request` and `x-svc-proxy` (upstream.md UP-PROXY-1,
 * UP-PROXY-6, definition.md PX1, PX5, PX9): exactly one of `origin` (no path other than `/`, a
 * trailing `/` removed) and `url`; `stripEndpoint`, `addPrefix` (a path: a missing leading `/` added,
 * a trailing one removed; ignored with a warning next to `url`), `query`, `headers`, `cookies`,
 * `options`. Request-only properties and unknown ones are errors in `x-svc-proxy` and warnings in
 * the action. With `options.definition`, `exit-on-error` and the validation switches default to true.
 */
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { type ConfigPath, type ConfigProblems, pathText } from './config-problems.js'
import { jsonTypeName, optionalString, optionBoolean } from './config-values.js'
import { checkOptions, type UpstreamOptions } from './options.js'
import { encodeForm, encodeQueryString } from './percent-encoding.js'
import { checkCookies, checkHeaders, checkQuery, type HeaderField, type NameValue } from './request-config.js'
import { parseTargetUrl, type TargetUrl } from './target-url.js'

export interface ProxyConfig {
  /** `scheme://host[:port]` without trailing `/`; null when `url` is used. */
  readonly origin: string | null
  /** `origin`, else `url`, as parsed when checked: each request's target URL starts from it. */
  readonly parsed: TargetUrl
  readonly url: string | null
  readonly stripEndpoint: boolean
  /** Normalized prefix (`/api/v3`), or null. */
  readonly addPrefix: string | null
  /** `query` percent-encoded as UTF-8 once, when checked (UP-PROXY-2); null when not set. */
  readonly encodedQuery: string | null
  readonly headers: readonly HeaderField[]
  readonly cookies: readonly NameValue[] | null
  readonly options: UpstreamOptions
}

/** Where the object is written: the action (warnings for extra properties) or `x-svc-proxy` (errors). */
export type ProxySite = 'action' | 'definition'

const PROPERTIES = ['origin', 'url', 'stripEndpoint', 'addPrefix', 'query', 'headers', 'cookies', 'options']
const REQUEST_ONLY = ['method', 'body', 'post', 'uploads', 'id', 'encoding']
/** Characters allowed in a URI path besides percent escapes (RFC 3986 pchar and `/`). */
const PATH_CHARACTERS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/

export function checkProxyConfig(
  value: JsonValue,
  site: ProxySite,
  problems: ConfigProblems,
  base: ConfigPath = [],
): ProxyConfig | undefined {
  if (!(value instanceof JsonObject)) {
    problems.error(base, `the proxy configuration must be an object, not ${jsonTypeName(value)}`)
    return undefined
  }
  for (const key of value.keys) {
    if (PROPERTIES.includes(key)) continue
    const message = REQUEST_ONLY.includes(key)
      ? `${key} cannot be set for a proxy: method and body always come from the client`
      : `unknown property ${JSON.stringify(key)} in the proxy configuration`
    if (site === 'definition') problems.error([...base, key], message)
    else problems.warning([...base, key], `${message}; it is ignored`)
  }
  const originUrl = checkOrigin(value.get('origin'), [...base, 'origin'], problems)
  const origin = originUrl === null ? null : originUrl.origin
  const url = optionalString(value.get('url'), [...base, 'url'], problems) ?? null
  let urlParsed: TargetUrl | null = null
  if (url !== null) {
    const parsed = parseTargetUrl(url, 'utf-8')
    if (!parsed.ok) problems.error([...base, 'url'], parsed.reason)
    else urlParsed = parsed.url
  }
  if ((origin === null) === (url === null) && !problems.hasErrors) {
    problems.error(
      base,
      origin === null
        ? 'the proxy configuration needs origin or url'
        : 'origin and url cannot be combined in a proxy configuration',
    )
  }
  const stripValue = value.get('stripEndpoint')
  const stripEndpoint =
    stripValue === undefined ? false : (optionBoolean(stripValue, [...base, 'stripEndpoint'], problems) ?? false)
  const addPrefix = checkPrefix(value.get('addPrefix'), [...base, 'addPrefix'], problems)
  if (url !== null) {
    if (stripEndpoint) problems.warning([...base, 'stripEndpoint'], 'stripEndpoint is ignored together with url')
    if (addPrefix !== null) problems.warning([...base, 'addPrefix'], 'addPrefix is ignored together with url')
  }
  const options = checkOptions(value.get('options'), [...base, 'options'], problems)
  const parsed = url === null ? originUrl : urlParsed
  const query = checkQuery(value.get('query'), [...base, 'query'], problems)
  // without a target URL an error is reported already
  if (parsed === null) return undefined
  return {
    origin,
    parsed,
    url,
    stripEndpoint: url === null && stripEndpoint,
    addPrefix: url === null ? addPrefix : null,
    // UTF-8 encodes every character: this cannot fail
    encodedQuery:
      query === null
        ? null
        : query.kind === 'string'
          ? encodeQueryString(query.text, 'utf-8')
          : encodeForm(query.pairs, 'utf-8', options.queryEncodingRawChars ?? ''),
    headers: checkHeaders(value.get('headers'), [...base, 'headers'], problems),
    cookies: checkCookies(value.get('cookies'), [...base, 'cookies'], problems),
    options: withProxyDefaults(options),
  }
}

/** UP-PROXY-6: with `definition`, `exit-on-error`, `validate-request` and `validate-response` default to true. */
function withProxyDefaults(options: UpstreamOptions): UpstreamOptions {
  if (options.definition === undefined) return options
  return { exitOnError: true, validateRequest: true, validateResponse: true, ...options }
}

function checkOrigin(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): TargetUrl | null {
  const text = optionalString(value, path, problems)
  if (text === undefined) return null
  const parsed = parseTargetUrl(text, 'utf-8')
  if (!parsed.ok) {
    problems.error(path, parsed.reason.replace(/^url/, 'origin'))
    return null
  }
  if (
    parsed.url.pathname !== '/' ||
    parsed.url.query !== null ||
    /[?#]/.test(text) ||
    parsed.url.credentials !== null
  ) {
    problems.error(path, `${pathText(path)} ${JSON.stringify(text)} must be scheme://host[:port] without a path`)
    return null
  }
  return parsed.url
}

function checkPrefix(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): string | null {
  const text = optionalString(value, path, problems)
  if (text === undefined || text === '') return null
  if (!PATH_CHARACTERS.test(text)) {
    problems.error(path, `${pathText(path)} ${JSON.stringify(text)} must be a URI path without ? or #`)
    return null
  }
  const prefix = (text.startsWith('/') ? text : `/${text}`).replace(/\/+$/, '')
  return prefix === '' ? null : prefix
}
