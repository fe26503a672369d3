/**
 * The per-request context every generated flow function receives as `ctx` (style: one context per
 * request, never stored globally). Process-wide services hang off `gateway`.
 */
import type { Logger } from '../log/logger.js'
import type { Content } from '../values/content.js'
import type { Sequence } from '../values/item.js'
import { ResponseState } from './response.js'
import { VariableStore } from './variables.js'

/** Process-wide services and facts shared by all requests of one gateway instance. */
export interface GatewayServices {
  /** Absolute path of the site root copy (operations.md CL2) that files are read from. */
  readonly siteRoot: string
  readonly logger: Logger
  /** `$env` (flows.md F-VAR-14), built once at start. */
  readonly env: Sequence
  /** `$server` (definition.md SV1), built once at start. */
  readonly server: Sequence
}

/** Content locations of flows.md F-LOC-1: the main content and stored upstream bodies. */
export class ContentStore {
  /** `svc://request/content`; undefined while absent (F-LOC-5). */
  main: Sequence | undefined = undefined
  /** `svc://request/content/<id>` (F-LOC-6). */
  readonly upstream = new Map<string, Content>()
}

/**
 * The client request as received (definition.md R10: the gateway's own stages, such as validation,
 * security and proxy, always use the original request, whatever flows do to `$request`). Filled by
 * the request pipeline (runtime/server) before any flow runs.
 */
export interface ClientRequest {
  /** Method as received (`$request/method`). */
  readonly method: string
  /** Raw path, percent-encoded as received, `basePath` included, without query (`$request/path`). */
  readonly path: string
  /** Raw query without `?`; null when the URL has none or only a bare `?` (R11). */
  readonly query: string | null
  /** Lower-case names in first-arrival order; repeated fields joined (R1, R5). */
  readonly headers: ReadonlyMap<string, string>
  /** `$request/host`, `port` and `url` (R9). */
  readonly host: string
  readonly port: number
  readonly url: string
  /** `$request/endpoint` (R2, R8). */
  readonly endpoint: string
  /** Path parameters, percent-decoded (P10), in pattern order; empty for non-API requests. */
  readonly params: readonly (readonly [string, string])[]
  /** The request body (`$body`, F-VAR-13); empty until it has been read (PL18). */
  readonly body: Content
}

/**
 * Hands out a request's AbortSignal when first asked: making one costs microseconds, and most
 * requests never need it, so the request pipeline creates it lazily.
 */
export interface SignalSource {
  readonly signal: AbortSignal
}

/** Deepest allowed sub-flow nesting (flows.md F-EXEC-7). */
export const MAX_SUBFLOW_DEPTH = 64

export class FlowContext {
  readonly vars = new VariableStore()
  readonly contents = new ContentStore()
  readonly response = new ResponseState()
  /** Current sub-flow depth: 0 for the top-level flow of a run. */
  depth = 0
  /** The original client request (R10); null outside a client request (svc-test documents). */
  request: ClientRequest | null = null

  readonly #signal: AbortSignal | SignalSource

  constructor(
    readonly gateway: GatewayServices,
    readonly requestId: string,
    /** The request's signal, or a source that makes it on first use (the request pipeline). */
    signal: AbortSignal | SignalSource,
  ) {
    this.#signal = signal
  }

  /** Fires when the client goes away (flows.md F-EXEC-8). */
  get signal(): AbortSignal {
    const signal = this.#signal
    return signal instanceof AbortSignal ? signal : signal.signal
  }
}
