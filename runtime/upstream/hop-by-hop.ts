/**
 * Hop-by-hop header fields (RFC 9110 section 7.6.1, plus the historical `keep-alive` and
 * `proxy-connection`): they describe one connection and are never forwarded by a proxy in either
 * direction (upstream.md UP-PROXY-4, UP-PROXY-5). Fields named in `Connection` are added per message.
 */
export const HOP_BY_HOP_FIELDS = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
] as const

/** The field names a `Connection` value lists (lower case), which are hop-by-hop for that message. */
export function connectionNamedFields(connection: string | undefined): ReadonlySet<string> | null {
  return connection === undefined ? null : new Set(connection.split(',').map((name) => name.trim().toLowerCase()))
}
