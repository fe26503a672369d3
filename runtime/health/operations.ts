/**
 * What the operations features keep per gateway (operations.md HL3, HL4, MK1): the metrics, the
 * digest of the SVC_STATUS_AUTH credentials, and whether mocking is allowed. Made once by the gateway
 * from its configuration; the request path only reads it.
 */
import { GatewayMetrics } from '../metrics/gateway-metrics.js'
import type { ServerConfig } from '../http/config.js'
import { statusCredentialDigest } from './basic-credentials.js'

export class GatewayOperations {
  readonly metrics: GatewayMetrics
  /** Digest of `user:password` (HL3); null: no status endpoints. */
  readonly statusDigest: Buffer | null
  /** SVC_ALLOW_MOCKING (MK1, MK5). */
  readonly mocking: boolean

  constructor(config: ServerConfig, metrics: GatewayMetrics = new GatewayMetrics()) {
    this.metrics = metrics
    this.statusDigest = config.statusAuth === null ? null : statusCredentialDigest(config.statusAuth)
    this.mocking = config.allowMocking
  }
}
