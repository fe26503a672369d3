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
  return {
    write(type, fields, timestamp) {
      if (type === 'svc_request') {
        const url = typeof fields['url'] === 'string' ? fields['url'] : ''
        const status = typeof fields['status'] === 'number' ? fields['status'] : 0
        const duration = typeof fields['duration'] === 'number' ? fields['duration'] : 0
        metrics.upstreamEnded(originOf(url), status, duration, fields['cacheHit'] === true)
      }
      logger.write(type, fields, timestamp)
    },
  }
}
