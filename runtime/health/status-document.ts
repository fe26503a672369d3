/**
 * The `/_svc/status` document (operations.md HL4): `status`, `name`, `version`, `revision`, `role`,
 * `uptime` (seconds), `requests` (`total`, `inFlight`), `upstream` (`total`, `failed`), `memory`
 * (`rss`, `heapUsed`, bytes). Decided: `name` is the product name `svc-gateway`; `role` is `null` when
 * SVC_SERVER_ROLE is unset; `uptime` has millisecond precision.
 */
import type { MetricsSnapshot } from '../metrics/gateway-metrics.js'

export interface StatusFacts {
  readonly stopping: boolean
  readonly version: string
  readonly revision: string
  readonly role: string | null
  readonly metrics: MetricsSnapshot
}

export function renderStatusDocument(facts: StatusFacts): string {
  const memory = process.memoryUsage()
  return JSON.stringify({
    status: facts.stopping ? 'stopping' : 'ok',
    name: 'svc-gateway',
    version: facts.version,
    revision: facts.revision,
    role: facts.role,
    uptime: Math.round(facts.metrics.uptime * 1000) / 1000,
    requests: facts.metrics.requests,
    upstream: facts.metrics.upstream,
    memory: { rss: memory.rss, heapUsed: memory.heapUsed },
  })
}
