/**
 * What the operations features keep per gateway (operations.md HL3, HL4, HL6, MK1): the metrics and
 * the digest of the SVC_STATUS_AUTH credentials, and whether mocking is allowed. Made once by the
 * gateway from its configuration; the request path only reads it.
 */
import type { ServerConfig } from '../http/config.js'
import { GatewayMetrics } from '../metrics/gateway-metrics.js'
import { InstanceMetrics } from '../metrics/instance-metrics.js'
import { statusCredentialDigest } from './basic-credentials.js'

/**
 * The status endpoints (HL3, HL4): they exist, and metrics are kept, with SVC_STATUS_AUTH or on an
 * admin port (HL6).
 */
export interface StatusEndpoints {
  /** Digest of `user:password`; null on an admin port without SVC_STATUS_AUTH (no credentials asked). */
  readonly digest: Buffer | null
  /** This process's counters, which the request path counts into. */
  readonly metrics: GatewayMetrics
  /** What the endpoints show: the instance's counters (every worker's, HL7). */
  readonly instance: InstanceMetrics
}

export class GatewayOperations {
  /** Null without SVC_STATUS_AUTH and admin port: then no endpoint shows metrics, so none are kept (HL3). */
  readonly status: StatusEndpoints | null
  /** SVC_ALLOW_MOCKING (MK1, MK5). */
  readonly mocking: boolean

  constructor(config: ServerConfig, metrics: GatewayMetrics = new GatewayMetrics()) {
    const digest = config.statusAuth === null ? null : statusCredentialDigest(config.statusAuth)
    this.status =
      digest === null && config.adminPort === null ? null : { digest, metrics, instance: new InstanceMetrics(metrics) }
    this.mocking = config.allowMocking
  }

  get metrics(): GatewayMetrics | null {
    return this.status?.metrics ?? null
  }
}
