/**
 * Upstream metrics from the upstream request log (operations.md LG5, HL4): every upstream exchange
 * writes exactly one `svc_request` line (upstream.md UP-LOG-1), so the gateway's logger counts those
 * lines (origin of `url`, `status`, `duration`, `cacheHit`) as it writes them. The upstream area needs
 * no hook of its own; other line types pass through with one comparison.
 */
import type { Logger } from '../log/logger.js'
import type { GatewayMetrics } from './gateway-metrics.js'

/** `https://host:port` of an absolute URL (up to the first `/` after the authority). */
export function originOf(url: string): string {
  const scheme = url.indexOf('://')
  if (scheme < 0) return ''
  const slash = url.indexOf('/', scheme + 3)
  const end = slash < 0 ? url.length : slash
  const query = url.indexOf('?', scheme + 3)
  return url.slice(0, query >= 0 && query < end ? query : end)
}

/** A logger that also feeds `svc_request` lines into `metrics`. */
export function countUpstreamLines(logger: Logger, metrics: GatewayMetrics): Logger {
  const count = (fields: Record<string, unknown>): void => {
    const url = typeof fields['url'] === 'string' ? fields['url'] : ''
    const status = typeof fields['status'] === 'number' ? fields['status'] : 0
    const duration = typeof fields['duration'] === 'number' ? fields['duration'] : 0
    metrics.upstreamEnded(originOf(url), status, duration, fields['cacheHit'] === true)
  }
  return {
    write(type, fields, timestamp) {
      if (type === 'svc_request') count(fields)
      logger.write(type, fields, timestamp)
    },
    writeMembers(type, members, timestampMs) {
      // The upstream line comes as JSON text; reading it back costs a parse per exchange, paid only
      // where metrics are on (SVC_STATUS_AUTH), not by the line of every gateway.
      if (type === 'svc_request') count(JSON.parse(`{${members}}`) as Record<string, unknown>)
      logger.writeMembers(type, members, timestampMs)
    },
  }
}
