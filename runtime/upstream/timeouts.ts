/**
 * Effective timeouts of a request (upstream.md UP-TIME-2, UP-TIME-4, operations.md CF4): the option
 * value or the environment default, capped by SVC_MAX_TIMEOUT. A default connect timeout of 0 means
 * "the overall timeout" (no separate limit), a default first-byte timeout of 0 means "none".
 */
import type { TimeoutLimits } from './connection-target.js'
import type { UpstreamOptions } from './options.js'
import type { UpstreamSettings } from './services.js'

export function timeoutLimits(options: UpstreamOptions, settings: UpstreamSettings): TimeoutLimits {
  const cap = settings.maxTimeoutMs
  const overallMs = Math.min(
    options.timeout !== undefined ? Math.round(options.timeout * 1000) : settings.defaultTimeoutMs,
    cap,
  )
  const connectWanted =
    options.connectTimeout !== undefined ? Math.round(options.connectTimeout * 1000) : settings.defaultConnectTimeoutMs
  const connectMs = connectWanted === 0 ? overallMs : Math.min(connectWanted, cap)
  const ttfbWanted =
    options.ttfbTimeout !== undefined ? Math.round(options.ttfbTimeout * 1000) : settings.defaultTtfbTimeoutMs
  return { overallMs, connectMs, separateConnect: connectMs < overallMs, ttfbMs: Math.min(ttfbWanted, cap) }
}
