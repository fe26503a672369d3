/**
 * `$request/host`, `port` and `url` (definition.md R9, P16, table of section 10). The scheme is `http`;
 * the authority comes from an absolute-form target, else the `Host` header; only with SVC_TRUST_PROXY
 * do `X-Forwarded-Proto` and `X-Forwarded-Host` replace scheme and authority. Without any authority the
 * listening address is used and `url` leaves out `:80`. `host` is lower-cased without port (an IPv6
 * literal keeps its brackets); `port` is the default port of the scheme unless a decimal 1-65535 is given.
 */

export interface RequestOrigin {
  readonly host: string
  readonly port: number
  readonly url: string
}

export interface OriginInput {
  /** Absolute-form authority (P16), else null. */
  readonly targetAuthority: string | null
  readonly headers: ReadonlyMap<string, string>
  readonly trustProxy: boolean
  /** The listening side of the connection, read only when no authority was given. */
  readonly local: { readonly localAddress?: string | undefined; readonly localPort?: number | undefined }
  readonly path: string
  readonly query: string | null
}

const PORT = /^\d{1,5}$/

export function resolveOrigin(input: OriginInput): RequestOrigin {
  let scheme = 'http'
  let authority = input.targetAuthority ?? input.headers.get('host')
  if (input.trustProxy) {
    const proto = firstEntry(input.headers.get('x-forwarded-proto'))?.toLowerCase()
    if (proto === 'http' || proto === 'https') scheme = proto
    authority = firstEntry(input.headers.get('x-forwarded-host')) ?? authority
  }
  const defaultPort = scheme === 'https' ? 443 : 80
  const target = input.query === null ? input.path : `${input.path}?${input.query}`
  if (authority === undefined || authority === '') {
    const address = input.local.localAddress ?? '127.0.0.1'
    const host = address.includes(':') ? `[${address}]` : address
    const port = input.local.localPort ?? defaultPort
    const shown = port === defaultPort ? host : `${host}:${port}`
    return { host, port, url: `${scheme}://${shown}${target}` }
  }
  const { host, port } = splitAuthority(authority, defaultPort)
  return { host, port, url: `${scheme}://${authority}${target}` }
}

/** `host[:port]` or `[v6]:port`; the port falls back to the default when not a decimal 1-65535. */
export function splitAuthority(authority: string, defaultPort: number): { host: string; port: number } {
  let host = authority
  let portText = ''
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']')
    if (close > 0) {
      host = authority.slice(0, close + 1)
      if (authority.charCodeAt(close + 1) === 58 /* : */) portText = authority.slice(close + 2)
    }
  } else {
    const colon = authority.lastIndexOf(':')
    if (colon >= 0) {
      host = authority.slice(0, colon)
      portText = authority.slice(colon + 1)
    }
  }
  const value = PORT.test(portText) ? Number(portText) : 0
  return { host: host.toLowerCase(), port: value >= 1 && value <= 65535 ? value : defaultPort }
}

function firstEntry(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const comma = value.indexOf(',')
  const first = (comma < 0 ? value : value.slice(0, comma)).trim()
  return first === '' ? undefined : first
}
