/**
 * Origin matching (security.md O1-O4, O10-O12): the `Origin` value must be exactly
 * `<scheme>://<host>[:<port>]`; scheme and host compare case-insensitively, a default port (`:80` for
 * http, `:443` for https) is ignored, nothing else is normalised. `null`, several values and anything
 * unparsable match nothing, not even `*`. Wildcard entries match whole labels in front of their suffix.
 * Shared with the compiler, which normalises configured origins the same way.
 */
import type { CorsPolicy } from './policy.js'

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?'
/** O11: scheme, DNS name or bracketed IPv6 literal, optional decimal port; nothing else. */
const ORIGIN = new RegExp(`^([A-Za-z0-9+.-]+)://(${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::([0-9]+))?$`)

export interface ParsedOrigin {
  /** Lower-case. */
  readonly scheme: string
  /** Lower-case; an IPv6 literal keeps its brackets. */
  readonly host: string
  /** Decimal port without leading zeros; '' when absent or the scheme's default (O10). */
  readonly port: string
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' }

/** Parses and normalises an origin (O10, O11); null when it is not exactly `<scheme>://<host>[:<port>]`. */
export function parseOrigin(text: string): ParsedOrigin | null {
  const match = ORIGIN.exec(text)
  if (match === null) return null
  const scheme = match[1]!.toLowerCase()
  const host = match[2]!.toLowerCase()
  let port = match[3] ?? ''
  if (port !== '') {
    // Decided: a port with leading zeros is not the decimal form of O11 and matches nothing.
    if (port.startsWith('0') || port.length > 5 || Number(port) > 65535) return null
    if (DEFAULT_PORTS[scheme] === port) port = ''
  }
  return { scheme, host, port }
}

/** `<scheme>://<host>[:<port>]` of a parsed origin, the form configured origins are compiled to. */
export function originKey(origin: ParsedOrigin): string {
  return origin.port === '' ? `${origin.scheme}://${origin.host}` : `${origin.scheme}://${origin.host}:${origin.port}`
}

/** Whether the request's `Origin` value is allowed by the policy (O1-O4, O10-O12). */
export function originMatches(policy: CorsPolicy, value: string): boolean {
  const origin = parseOrigin(value)
  if (origin === null) return false
  if (policy.anyOrigin) return true
  if (policy.origins.length > 0 && policy.origins.includes(originKey(origin))) return true
  for (const wildcard of policy.wildcards) {
    const { suffix } = wildcard
    if (wildcard.scheme !== origin.scheme || wildcard.port !== origin.port) continue
    // Whole labels only: at least one label, then a dot, then the suffix (O2, O11).
    const host = origin.host
    if (
      host.length > suffix.length + 1 &&
      host.endsWith(suffix) &&
      host.charCodeAt(host.length - suffix.length - 1) === 46
    )
      return true
  }
  return false
}
