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

/** Deepest allowed sub-flow nesting (flows.md F-EXEC-7). */
export const MAX_SUBFLOW_DEPTH = 64

export class FlowContext {
  readonly vars = new VariableStore()
  readonly contents = new ContentStore()
  readonly response = new ResponseState()
  /** Current sub-flow depth: 0 for the top-level flow of a run. */
  depth = 0

  constructor(
    readonly gateway: GatewayServices,
    readonly requestId: string,
    /** Fires when the client goes away (flows.md F-EXEC-8). */
    readonly signal: AbortSignal,
  ) {}
}
