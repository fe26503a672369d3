/**
 * Upstream URLs (upstream.md UP-CFG-2, UP-CFG-7, UP-REDIR-2): parsed by the WHATWG URL Standard
 * (lower-cased host, punycode, dot segments resolved, default port dropped), `http:`/`https:` only,
 * fragment removed, user information taken out (it becomes Basic credentials), non-ASCII path
 * characters percent-encoded in the request's encoding. The query is kept as raw text, so the
 * configured query serialization (which differs from WHATWG's) is sent exactly. With
 * `force-backend-https` an `http:` URL becomes `https:` (UP-NET-8).
 */
import { encodeNonAsciiAfterAuthority } from './percent-encoding.js'
import type { Encoding } from './request-config.js'

export interface TargetUrl {
  readonly protocol: 'http:' | 'https:'
  /** Host name as in the URL (IPv6 in brackets), lower case. */
  readonly hostname: string
  readonly port: number
  /** `Host` field value: host name plus a non-default port. */
  readonly host: string
  /** `scheme://host[:port]`. */
  readonly origin: string
  readonly pathname: string
  /** Raw query without `?`; null when there is none. */
  readonly query: string | null
  /** User information of the URL, percent-decoded; null when none. */
  readonly credentials: { readonly user: string; readonly password: string } | null
}

export type UrlParse = { readonly ok: true; readonly url: TargetUrl } | { readonly ok: false; readonly reason: string }

/** Parses an absolute upstream URL (UP-CFG-2). */
export function parseTargetUrl(text: string, encoding: Encoding): UrlParse {
  let parsed: URL
  try {
    parsed = new URL(encodeNonAsciiAfterAuthority(text, encoding))
  } catch {
    return { ok: false, reason: `url ${JSON.stringify(text)} is not an absolute URL` }
  }
  return fromWhatwg(parsed, text)
}

/** Parsed URLs a cache holds before it starts anew. */
const URL_CACHE_LIMIT = 256

/**
 * Successful parses by text and encoding, per gateway: a request URL built by a template is usually
 * the same text on every request, and parsing costs more than the rest of building the request. The
 * parses are frozen, so requests can share them; the cache empties itself when full.
 */
export class TargetUrlCache {
  readonly #parses = new Map<string, UrlParse>()

  parse(text: string, encoding: Encoding): UrlParse {
    const key = encoding === 'utf-8' ? text : `${encoding}\0${text}`
    const cached = this.#parses.get(key)
    if (cached !== undefined) return cached
    const parsed = parseTargetUrl(text, encoding)
    if (parsed.ok) {
      if (this.#parses.size >= URL_CACHE_LIMIT) this.#parses.clear()
      Object.freeze(parsed.url.credentials)
      this.#parses.set(key, Object.freeze({ ok: true, url: Object.freeze(parsed.url) }))
    }
    return parsed
  }
}

/** Resolves a redirect `Location` against the current URL (UP-REDIR-2); undefined when not usable. */
export function resolveLocation(base: TargetUrl, location: string): TargetUrl | undefined {
  let parsed: URL
  try {
    parsed = new URL(location, urlText(base))
  } catch {
    return undefined
  }
  const result = fromWhatwg(parsed, location)
  return result.ok ? { ...result.url, credentials: null } : undefined
}

function fromWhatwg(parsed: URL, text: string): UrlParse {
  const protocol = parsed.protocol
  if (protocol !== 'http:' && protocol !== 'https:') {
    return { ok: false, reason: `url ${JSON.stringify(text)} must use http or https` }
  }
  if (parsed.hostname === '') return { ok: false, reason: `url ${JSON.stringify(text)} has no host` }
  const port = parsed.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(parsed.port)
  const credentials =
    parsed.username !== '' || parsed.password !== ''
      ? { user: safeDecode(parsed.username), password: safeDecode(parsed.password) }
      : null
  const search = parsed.search
  return {
    ok: true,
    url: {
      protocol,
      hostname: parsed.hostname,
      port,
      host: parsed.host,
      origin: `${protocol}//${parsed.host}`,
      pathname: parsed.pathname,
      query: search === '' ? null : search.slice(1),
      credentials,
    },
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Paths that WHATWG parsing leaves as they are: RFC 3986 path characters and well-formed escapes. */
const PLAIN_PATH = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+$/
/** A `.` or `..` segment, also percent-encoded (WHATWG resolves those too). */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i

/**
 * What `parseTargetUrl(base.origin + path)` gives with `query` set, made without parsing when the path
 * needs no WHATWG processing (it starts with `/`, has only plain path characters and no dot segment);
 * undefined otherwise. `base` is a parsed URL without path, query and user information.
 */
export function withPlainPath(base: TargetUrl, path: string, query: string | null): TargetUrl | undefined {
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return undefined
  return {
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port,
    host: base.host,
    origin: base.origin,
    pathname: path,
    query,
    credentials: null,
  }
}

/** The URL with another query (null: none, UP-CFG-7). */
export function withQuery(url: TargetUrl, query: string | null): TargetUrl {
  return { ...url, query }
}

/** `pathname?query`: the request target sent to the upstream. */
export function requestTarget(url: TargetUrl): string {
  return url.query === null || url.query === '' ? url.pathname : `${url.pathname}?${url.query}`
}

/** The normalized URL text used in `$upstream/<id>/url`, logs and cache keys (no user information). */
export function urlText(url: TargetUrl): string {
  return url.origin + requestTarget(url)
}

/**
 * UP-NET-8 (`set-config` `security/force-backend-https`): an `http:` URL as `https:`, on port 443
 * unless it names a port other than 80; an `https:` URL unchanged.
 */
export function forcedHttps(url: TargetUrl): TargetUrl {
  if (url.protocol === 'https:') return url
  const port = url.port === 80 ? 443 : url.port
  const host = port === 443 ? url.hostname : `${url.hostname}:${port}`
  return { ...url, protocol: 'https:', port, host, origin: `https://${host}` }
}
