/**
 * The shapes of UP-POOL-1 and UP-POOL-2 that the compiler checks in a definition and the gateway
 * checks in the environment (`{env: NAME}` targets): pool names, target URLs, and which URL hosts
 * look like a pool name.
 */

const POOL_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** The problem with a pool name, or null. */
export function checkPoolName(name: string): string | null {
  if (name === 'localhost') return 'localhost cannot name a pool'
  if (!POOL_NAME.test(name))
    return `pool name ${JSON.stringify(name)} must be a DNS label: lower-case letters, digits and inner hyphens, at most 63 characters`
  return null
}

/** A host that is read as a pool name: a single DNS label that is not `localhost` (UP-POOL-2). */
export function looksLikePoolName(hostname: string): boolean {
  return hostname !== 'localhost' && POOL_NAME.test(hostname) && !/^\d+$/.test(hostname)
}

export type ParsedTargetUrl =
  { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string }

/** A target URL: `http(s)://host[:port]` only, returned as its origin (`http://host:port`, default port dropped). */
export function parsePoolTargetUrl(text: string): ParsedTargetUrl {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return { ok: false, reason: `invalid target URL ${JSON.stringify(text)}` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `target URL ${JSON.stringify(text)} must be http or https` }
  if (url.username !== '' || url.password !== '')
    return { ok: false, reason: `target URL ${JSON.stringify(text)} must not hold user information` }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    return {
      ok: false,
      reason: `target URL ${JSON.stringify(text)} must be an origin (scheme, host, port): the request URL gives the path`,
    }
  return { ok: true, url: url.origin }
}
