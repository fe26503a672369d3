/**
 * Upstream URLs (upstream.md UP-CFG-2, UP-CFG-7, UP-REDIR-2): parsed by the WHATWG URL Standard
 * (lower-cased host, punycode, dot segments resolved, default port dropped), `http:`/`https:` only,
 * fragment removed, user information taken out (it becomes Basic credentials), non-ASCII path
 * characters percent-encoded in the request's encoding. The query is kept as raw text, so the
 * configured query serialization (which differs from WHATWG's) is sent exactly.
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
    parsed.username !== '' || parsed.password !== '' ? { user: safeDecode(parsed.username), password: safeDecode(parsed.password) } : null
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
