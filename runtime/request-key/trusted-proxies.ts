/**
 * The client address behind trusted proxies, for `client-ip` keys of rate limits and hash pools
 * (rate-limits.md RL3, upstream.md UP-POOL-3).
 * Forwarding headers are read only when the socket peer is a trusted proxy, and then walked from the
 * right: each proxy appends the address it saw, so everything left of the first untrusted entry may
 * have been written by the client. The rightmost untrusted address is the client; taking the leftmost
 * would let a client spoof its key by prepending addresses.
 */
import { BlockList, isIP } from 'node:net'

/** The configured proxies whose forwarding headers are believed (CIDRs and bare addresses). */
export class TrustedProxies {
  readonly #list: BlockList | null

  /** `null` trusts nobody; `parseTrustedProxies` builds the list. */
  constructor(list: BlockList | null) {
    this.#list = list
  }

  /** Whether the address is a trusted proxy; an IPv4-mapped IPv6 address counts as its IPv4 address. */
  trusts(address: string | undefined): boolean {
    if (this.#list === null || address === undefined) return false
    const plain = normaliseAddress(address)
    const family = isIP(plain)
    return family !== 0 && this.#list.check(plain, family === 4 ? 'ipv4' : 'ipv6')
  }
}

/**
 * Parses a comma-separated list such as `10.0.0.0/8, 127.0.0.1, ::1/128`; empty entries are skipped and
 * an empty text trusts nobody. Returns a problem text for the first bad entry.
 */
export function parseTrustedProxies(text: string): TrustedProxies | string {
  if (text.trim() === '') return new TrustedProxies(null)
  const list = new BlockList()
  for (const raw of text.split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    const slash = entry.indexOf('/')
    const address = slash === -1 ? entry : entry.slice(0, slash)
    const family = isIP(address)
    // BlockList matches IPv4 rules and IPv4-mapped IPv6 rules against either form, so entries stay as written.
    if (slash === -1) {
      if (family === 0) return `invalid address "${entry}"`
      list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6')
      continue
    }
    const prefix = entry.slice(slash + 1)
    if (family === 0 || !/^[0-9]{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128))
      return `invalid CIDR "${entry}"`
    list.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6')
  }
  return new TrustedProxies(list)
}

/**
 * The address a request counts against: the socket peer (`::ffff:a.b.c.d` as `a.b.c.d`), or, when the
 * peer is trusted, the rightmost untrusted address of `X-Forwarded-For` (header names lower-case,
 * several fields comma-joined), or if that is absent of the `for=` parameters of `Forwarded` (RFC 7239),
 * walked the same way. If every listed address is trusted, the leftmost. An unparsable entry reached
 * by the walk (`unknown`, an obfuscated `_name`, garbage) gives the peer: entries further left are not
 * trustworthy, and the proxy's own address is the safe key. No peer gives ''.
 */
export function clientAddress(
  peer: string | undefined,
  headers: ReadonlyMap<string, string>,
  trusted: TrustedProxies,
): string {
  if (peer === undefined || peer === '') return ''
  const address = normaliseAddress(peer)
  if (!trusted.trusts(address)) return address
  const forwardedFor = headers.get('x-forwarded-for')
  if (forwardedFor !== undefined) return walkForwardedFor(forwardedFor, trusted) ?? address
  const forwarded = headers.get('forwarded')
  if (forwarded !== undefined) return walkForwarded(forwarded, trusted) ?? address
  return address
}

/** The X-Forwarded-For walk; null for "use the peer". Walks by index: no array per request. */
function walkForwardedFor(value: string, trusted: TrustedProxies): string | null {
  let leftmostTrusted: string | null = null
  let end = value.length
  for (;;) {
    const comma = end === 0 ? -1 : value.lastIndexOf(',', end - 1)
    const entry = value.slice(comma + 1, end).trim()
    // Empty entries come from joining empty fields; they name nobody.
    if (entry !== '') {
      const address = parseNodeAddress(entry)
      if (address === null) return null
      if (!trusted.trusts(address)) return address
      leftmostTrusted = address
    }
    if (comma === -1) return leftmostTrusted
    end = comma
  }
}

/**
 * One `name=value` pair of a Forwarded element (RFC 7239 section 4): the value a token or a
 * quoted-string, then `;` (next pair), `,` (next element) or the end. Global, so `matchAll` works on
 * a copy and this constant keeps no state between calls.
 */
const FORWARDED_PAIR = /[ \t]*([^=;, \t"]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|[^;, \t"]*)[ \t]*([;,]|$)/g

/** The Forwarded walk over each element's `for=`; null for "use the peer", also for a malformed field. */
function walkForwarded(value: string, trusted: TrustedProxies): string | null {
  const fors: (string | null)[] = []
  let current: string | null = null
  let open = false
  let expected = 0
  for (const match of value.matchAll(FORWARDED_PAIR)) {
    // Pairs must follow each other: anything skipped between them makes the field malformed.
    if (match.index !== expected) return null
    expected += match[0].length
    open = true
    if (match[1]!.toLowerCase() === 'for') {
      const raw = match[2]!
      current = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw
    }
    if (match[3] !== ';') {
      fors.push(current)
      current = null
      open = false
    }
    if (match[3] === '') break
  }
  if (value.slice(expected).trim() !== '') return null
  if (open) fors.push(current)
  let leftmostTrusted: string | null = null
  for (let i = fors.length - 1; i >= 0; i--) {
    const entry = fors[i]
    const address = entry === null || entry === undefined ? null : parseNodeAddress(entry)
    if (address === null) return null
    if (!trusted.trusts(address)) return address
    leftmostTrusted = address
  }
  return leftmostTrusted
}

/** An IPv4 address with a port, as some proxies write X-Forwarded-For entries. */
const IPV4_WITH_PORT = /^([0-9.]+):[0-9]{1,5}$/

/** `a.b.c.d`, `a.b.c.d:port`, an IPv6 address, `[v6]` or `[v6]:port`, normalised; null for anything else. */
function parseNodeAddress(text: string): string | null {
  let address = text
  if (text.startsWith('[')) {
    const close = text.indexOf(']')
    if (close === -1) return null
    const rest = text.slice(close + 1)
    if (rest !== '' && !/^:[0-9]{1,5}$/.test(rest)) return null
    address = text.slice(1, close)
    if (isIP(address) !== 6) return null
  } else if (isIP(address) === 0) {
    const withPort = IPV4_WITH_PORT.exec(text)
    if (withPort === null || isIP(withPort[1]!) !== 4) return null
    address = withPort[1]!
  }
  return normaliseAddress(address)
}

/** `::ffff:a.b.c.d` as `a.b.c.d`; IPv6 lower-cased so one address makes one key. */
function normaliseAddress(address: string): string {
  if (!address.includes(':')) return address
  const lower = address.toLowerCase()
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7)
  return lower
}
