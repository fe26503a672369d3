/**
 * The per-gateway state of upstream requests (style: everything with a lifetime hangs off the
 * gateway, never module scope; flows.md F-EXEC-2): the settings read from the environment at start
 * (operations.md CF1, CF4: timeouts, SVC_MAX_UPSTREAM_BODY_SIZE, SVC_MAX_BODY_SIZE), the connection
 * pools (upstream.md UP-NET-7), the response cache (UP-CACHE-7, UP-CACHE-8) and loaded client certificates
 * (UP-NET-2), and the upstream definitions compiled for validation and mocking (UP-VAL-1). `close()`
 * closes every pool (gateway close).
 */
import { ClientCertificates } from './client-certificates.js'
import { ConfigMemo } from './config-memo.js'
import { ConnectionTargets } from './connection-target.js'
import { Dispatchers } from './dispatchers.js'
import { ResponseCache, type ResponseStore } from './response-cache.js'
import { TargetUrlCache } from './target-url.js'
import { NO_UPSTREAM_DEFINITIONS, type UpstreamDefinitionTable } from './upstream-definitions.js'

export interface UpstreamSettings {
  readonly defaultTimeoutMs: number
  /** 0: the request's overall timeout (no separate limit). */
  readonly defaultConnectTimeoutMs: number
  /** 0: no separate limit. */
  readonly defaultTtfbTimeoutMs: number
  readonly maxTimeoutMs: number
  /** Largest buffered upstream body after decoding (UP-GEN-4). */
  readonly maxUpstreamBodySize: number
  /** SVC_MAX_BODY_SIZE, for client bodies streamed to the upstream (UP-GEN-6). */
  readonly maxBodySize: number
  /** SVC_UPSTREAM_MAX_CONNECTIONS (UP-NET-7, issue 8); default POOL_CONNECTIONS. */
  readonly upstreamMaxConnections?: number
}

export class UpstreamServices {
  readonly dispatchers: Dispatchers
  /** Request URLs as parsed (the same template usually builds the same URL). */
  readonly urls = new TargetUrlCache()
  /** Checked configurations, reused while a template's output stays the same. */
  readonly configs = new ConfigMemo()
  /** Connection targets and their keys per checked options object (call.ts). */
  readonly targets = new ConnectionTargets()
  readonly certificates: ClientCertificates

  constructor(
    readonly settings: UpstreamSettings,
    siteRoot: string,
    /** The build's upstream definitions (UP-VAL-1); none by default. */
    readonly definitions: UpstreamDefinitionTable = NO_UPSTREAM_DEFINITIONS,
    /** The response cache: this process's memory unless the gateway shares one on Redis (UP-CACHE-8). */
    readonly cache: ResponseStore = new ResponseCache(),
  ) {
    // A connect attempt never outlives the longest overall timeout by much.
    this.dispatchers = new Dispatchers(settings.maxTimeoutMs + 1000, settings.upstreamMaxConnections)
    this.certificates = new ClientCertificates(siteRoot)
  }

  close(): Promise<void> {
    return this.dispatchers.close()
  }
}

declare module '../context/flow-context.js' {
  interface GatewayServices {
    /** Connection pools, response cache and settings of upstream requests (upstream.md); made by the gateway. */
    readonly upstream?: UpstreamServices
  }
}
