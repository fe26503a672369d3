/**
 * Upstream metrics from the upstream request log (operations.md LG5, HL4): every upstream exchange
 * writes exactly one `svc_request` line (upstream.md UP-LOG-1), so the gateway's logger counts those
 * lines (origin of `url`, `status`, `duration`, `cacheHit`) as it writes them. The upstream area needs
 * no hook of its own; other line types cost the logger one comparison. A pool's attempt is counted under
 * its target (the line's `target`, upstream.md UP-POOL-2), a failed one under its `errorName`.
 */
import type { LineObserver } from '../log/logger.js'
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

/**
 * Feeds every `svc_request` line into `metrics` as the logger writes it. Reading the line back costs a
 * parse per exchange, paid only where metrics are on (SVC_STATUS_AUTH), not by the line of every gateway.
 */
export function upstreamLineCounter(metrics: GatewayMetrics): LineObserver {
  return {
    type: 'svc_request',
    line(text) {
      const fields = JSON.parse(text) as Record<string, unknown>
      const url = typeof fields['url'] === 'string' ? fields['url'] : ''
      const target = typeof fields['target'] === 'string' ? fields['target'] : originOf(url)
      const status = typeof fields['status'] === 'number' ? fields['status'] : 0
      const error = typeof fields['errorName'] === 'string' ? fields['errorName'] : ''
      const duration = typeof fields['duration'] === 'number' ? fields['duration'] : 0
      metrics.upstreamEnded(target, status, error, duration, fields['cacheHit'] === true)
    },
  }
}
