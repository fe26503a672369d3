/**
 * The per-request context every generated flow function receives as `ctx` (style: one context per
 * request, never stored globally). Process-wide services hang off `gateway`.
 */
import type { Readable } from 'node:stream'

import type { ErrorDetails } from '../errors/error-document.js'
import type { Logger } from '../log/logger.js'
import type { Content } from '../values/content.js'
import type { Sequence } from '../values/item.js'
import type { JsonObject, JsonValue } from '../values/json-value.js'
import type { RequestSettings } from './request-settings.js'
import { ResponseState } from './response.js'
import type { ParentSpan } from './trace.js'
import { deleteEntries, VariableStore } from './variables.js'

/**
 * Process-wide services and facts shared by all requests of one gateway instance. The services of
 * higher layers are declared where they are made, by augmenting this interface (`declare module`):
 * `functionCaches` (runtime/xpath/functions/caches.ts), `upstream` (runtime/upstream/services.ts),
 * `debug` (runtime/debug/settings.ts) and `xslt` (runtime/xslt/engine.ts); so this layer needs none
 * of their types. `testRun` (test-run-hooks.ts) is declared the same way, as its hooks take a FlowContext.
 */
export interface GatewayServices {
  /** Absolute path of the site root copy (operations.md CL2) that files are read from. */
  readonly siteRoot: string
  readonly logger: Logger
  /** `$env` (flows.md F-VAR-14), built once at start. */
  readonly env: Sequence
  /** `$server` (definition.md SV1), built once at start. */
  readonly server: Sequence
  /** What the gateway's own 5xx error documents show clients (SVC_ERROR_DETAILS, errors.md X21); default `full`. */
  readonly errorDetails?: ErrorDetails
}

/** Levels of debug messages (operations.md DB2), lowest first. */
export type DebugLevel = 'verbose' | 'debug' | 'info' | 'warn' | 'error' | 'alert'

/** Receives a request's debug messages (operations.md LG7); the debug configuration (DB1) decides what is written. */
export type DebugWriter = (level: DebugLevel, topic: string, message: string) => void

/**
 * What a flow context uses of its request's debug session; runtime/debug/session.ts implements it
 * (declared here so that the context needs nothing of the debug area).
 */
export interface RequestDebugSession {
  /** Whether a message of `level` with `topic` (or one of `extra`, the topics in force) is selected. */
  selects(level: DebugLevel, topic: string, extra?: readonly string[]): boolean
  write(level: DebugLevel, topic: string, message: string, data?: unknown): void
  /** The writer of `ctx.debug` for a context with these topics in force; null when it would write nothing. */
  writerFor(scope: { readonly debugTopics: readonly string[] }): DebugWriter | null
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
  /** Peer address of the client connection (upstream.md UP-NET-5). */
  readonly remoteAddress?: string
  /** Raw access for the streamed proxy (upstream.md UP-GEN-6); set only while a streaming handler runs. */
  readonly proxyStream?: ProxyStreamAccess | null
}

/** What the streamed proxy (upstream.md UP-GEN-6) may use of the client exchange. */
export interface ProxyStreamAccess {
  /** The client body, not read at PL18; null when it was read (or there is none). */
  readonly body: Readable | null
  /** Whether the response may be streamed (a final `proxy-request` of the handler, or `x-svc-proxy`). */
  readonly response: boolean
  /** Reports the size of a streamed body (access log `requestbytes`, operations.md LG3). */
  counted(bytes: number): void
}

/**
 * Hands out a request's AbortSignal when first asked: making one costs microseconds, and most
 * requests never need it, so the request pipeline creates it lazily.
 */
export interface SignalSource {
  readonly signal: AbortSignal
  /** Registers `watcher` until unwatched; false (nothing registered) when the client has already gone. */
  watchClientGone?(watcher: ClientGoneWatcher): boolean
  unwatchClientGone?(watcher: ClientGoneWatcher): void
}

/** Told once when the client goes away (flows.md F-EXEC-8). */
export interface ClientGoneWatcher {
  clientGone(): void
}

/** Deepest allowed sub-flow nesting (flows.md F-EXEC-7). */
export const MAX_SUBFLOW_DEPTH = 64

const NO_DEBUG_TOPICS: readonly string[] = Object.freeze([])

const NO_UPSTREAM_HEADERS: readonly (readonly [string, string])[] = Object.freeze([])

export class FlowContext {
  /** The global variables (F-VAR-2); svc-test shares one store between the flows of a test file (TS6). */
  readonly vars: VariableStore
  readonly contents = new ContentStore()
  readonly response = new ResponseState()
  /** Current sub-flow depth: 0 for the top-level flow of a run. */
  depth = 0
  /** The original client request (R10); null outside a client request (svc-test documents). */
  request: ClientRequest | null = null
  /**
   * Debug messages of the request (RW warnings, `svc-log()`, flows.md section 0); null writes none, as
   * the default configuration `*:error:log` (operations.md DB1) selects no message below `error`.
   */
  debug: DebugWriter | null = null
  /** The request's debug session (runtime/debug, operations.md DB1-DB9); null outside a client request. */
  debugSession: RequestDebugSession | null = null
  /** Topics of the `debug` attributes in force: the running action's and its sub-flows' (flows.md F-DBG-2). */
  debugTopics: readonly string[] = NO_DEBUG_TOPICS
  /** BIN-1/BIN-2 (xpath-functions.md): strings returned through the byte fallback and their bytes. */
  binaryStrings: Map<string, Uint8Array> | null = null
  /** Custom access-log fields registered by `log` actions (actions.md ACT-log-2), read by `get-log()`. */
  logFields: JsonObject | null = null
  /**
   * Header fields every upstream request of this client request carries (security.md J12 `out-header`,
   * set at PL8 by runtime/auth); a field of the same name in a request configuration wins.
   */
  upstreamHeaders: readonly (readonly [string, string])[] = NO_UPSTREAM_HEADERS
  /** The claims of the JWT that passed PL8, for `jwt:` rate-limit keys (rate-limits.md RL3); null: none. */
  jwtClaims: JsonValue | null = null
  /**
   * True while the error flow runs (errors.md EF5: a recorded error then sets only
   * `$upstream/<id>/error`, leaving `$error` as it is; EF8: a raised one does not run it again).
   */
  inErrorFlow = false
  /** Settings overridden by `set-config` for the rest of the request (actions.md ACT-set-config); null when none. */
  settings: RequestSettings | null = null
  /**
   * Whether a flow can read `$upstream` (CompiledApp `reads`, found by the compiler); when not, upstream
   * results store no `$upstream` entries (upstream.md UP-VAR-1), which nothing could observe.
   */
  readsUpstream = true
  /**
   * The span that parents what starts now when the request is traced (operations.md TR4, TR5): the
   * server span, or the span of the step that runs (a sub-flow); null when tracing is off.
   */
  trace: ParentSpan | null = null

  readonly #signal: AbortSignal | SignalSource
  /** Listeners on `signal` of watchers, for sources that cannot watch themselves. */
  #listeners: Map<ClientGoneWatcher, () => void> | null = null
  /** Whether `vars` belongs to this context alone (release() may empty it). */
  readonly #ownsVars: boolean

  constructor(
    readonly gateway: GatewayServices,
    readonly requestId: string,
    /** The request's signal, or a source that makes it on first use (the request pipeline). */
    signal: AbortSignal | SignalSource,
    /** Variables shared with other runs (svc-test, TS6); default: a store of its own. */
    vars?: VariableStore,
  ) {
    this.#signal = signal
    this.#ownsVars = vars === undefined
    this.vars = vars ?? new VariableStore()
  }

  /**
   * Drops what the request's flows made (variables, contents, the response body) once they have all
   * ended and the response is written; the status and log fields stay for the access line. Why: a
   * context made when its request arrived has usually been promoted to V8's old generation by the
   * time an upstream answers under load, and the young-generation collector keeps everything an old
   * object points to, live or not, until the next full collection. Left in place, a request's parsed
   * upstream documents and template output survived two collections and were promoted too (70 % of
   * the young generation survived each collection on the 108 KB referee flow; 2 % once released).
   */
  release(): void {
    if (this.#ownsVars) this.vars.deleteAll()
    this.contents.main = undefined
    deleteEntries(this.contents.upstream)
    this.response.body = undefined
  }

  /** Fires when the client goes away (flows.md F-EXEC-8). */
  get signal(): AbortSignal {
    const signal = this.#signal
    return signal instanceof AbortSignal ? signal : signal.signal
  }

  /**
   * Calls `watcher.clientGone()` when the client goes away (F-EXEC-8), until it is unwatched; false
   * (nothing registered) when the client has already gone. The request pipeline's source needs no
   * AbortSignal for this; other sources get a listener on `signal`.
   */
  watchClientGone(watcher: ClientGoneWatcher): boolean {
    const source = this.#signal
    if (!(source instanceof AbortSignal) && source.watchClientGone !== undefined) return source.watchClientGone(watcher)
    const signal = this.signal
    if (signal.aborted) return false
    const listener = (): void => watcher.clientGone()
    ;(this.#listeners ??= new Map()).set(watcher, listener)
    signal.addEventListener('abort', listener, { once: true })
    return true
  }

  unwatchClientGone(watcher: ClientGoneWatcher): void {
    const source = this.#signal
    if (!(source instanceof AbortSignal) && source.unwatchClientGone !== undefined)
      return source.unwatchClientGone(watcher)
    const listener = this.#listeners?.get(watcher)
    if (listener === undefined) return
    this.#listeners!.delete(watcher)
    this.signal.removeEventListener('abort', listener)
  }
}
