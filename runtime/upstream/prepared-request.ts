/** The HTTP request an upstream call sends, fully built (upstream.md UP-GEN-3 step 2). */
import type { Readable } from 'node:stream'

import type { ClientCertificate, TimeoutLimits } from './connection-target.js'
import type { UpstreamOptions } from './options.js'
import type { TargetUrl } from './target-url.js'

export interface PreparedRequest {
  readonly id: string
  readonly url: TargetUrl
  readonly method: string
  /** Outgoing header fields after defaults (UP-CFG-4, UP-CFG-5), spelled as configured, `Host` included. */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Buffer | null
  /** A client body streamed to the upstream (the streamed proxy, UP-GEN-6); `body` is then null. */
  readonly bodyStream: Readable | null
  readonly options: UpstreamOptions
  readonly limits: TimeoutLimits
  readonly certificate: ClientCertificate | null
  /** Lower-case names of fields never sent to another origin after a redirect (UP-REDIR-2). */
  readonly originBound: readonly string[]
  /** The client request's header fields (cache `respect-client-cache-headers`); null outside a client request. */
  readonly clientHeaders: ReadonlyMap<string, string> | null
  /** `security/force-backend-https` (UP-NET-8): every hop, redirects included, goes out as `https:`. */
  readonly forceHttps?: boolean
}
