/**
 * What an attempt to a pool target sends (upstream.md UP-POOL-2): a connection target with the
 * target's scheme, host and port and the request's TLS settings (transport options and forward
 * proxies do not apply), remembered per checked options object.
 */
import { connectionTarget, type KeyedTarget, targetKey } from '../connection-target.js'
import type { PreparedRequest } from '../prepared-request.js'
import type { PoolTarget } from './pool.js'

/** The connection target of a pool target for this request's options (remembered per options object). */
export function poolConnection(request: PreparedRequest, chosen: PoolTarget): KeyedTarget {
  const connectTimeoutMs = request.limits.separateConnect ? request.limits.connectMs : null
  const known = chosen.connections.get(request.options)
  if (
    known !== undefined &&
    known.target.certificate === request.certificate &&
    known.target.connectTimeoutMs === connectTimeoutMs
  )
    return known
  const place = {
    protocol: chosen.protocol,
    hostname: chosen.hostname,
    port: chosen.port,
    proxyServer: null,
    proxyCredentials: null,
  }
  const target = connectionTarget(place, request.options, request.certificate, connectTimeoutMs)
  const keyed = { target, key: targetKey(target) }
  chosen.connections.set(request.options, keyed)
  return keyed
}
