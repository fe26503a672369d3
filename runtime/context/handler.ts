/**
 * The handlers a route or a top-level flow binds (definition.md section 8, flows.md F-KIND-1): a flow
 * or an `x-svc-proxy`, each run as a flow function. The router, auth and upstream areas read them;
 * CompiledApp (runtime/app.ts) holds them.
 */
import type { FlowFunction } from './completion.js'

/**
 * The stages after routing that an operation's request may pass (definition.md section 9, PL7-PL14),
 * in pipeline order; runtime/server/stages.ts implements each. The flow context (F-KIND-2 phase 1) is
 * made before the first stage that runs flows (security onwards).
 */
export const OPERATION_STAGE_NAMES = [
  'rate-limit',
  'body',
  'request-validation',
  'security',
  'rate-limit-by-claim',
  'mock',
  'init-flow',
  'handler',
  'response',
] as const

export type OperationStageName = (typeof OPERATION_STAGE_NAMES)[number]

/** A flow bound as a handler; `file` is site-relative (access log `flow` field, LG3). */
export interface FlowHandler {
  readonly kind: 'flow'
  readonly file: string
  readonly run: FlowFunction
  /** The client body may be streamed to a final `proxy-request` (upstream.md UP-GEN-6 step 2). */
  readonly streamRequestBody?: boolean
  /** The stages that apply to the operation, as the compiler found; absent: all of them. */
  readonly stages?: readonly OperationStageName[]
}

/** An `x-svc-proxy` handler (definition.md PX1-PX9): runs like a flow holding one `proxy-request` (flows.md F-KIND-1). */
export interface ProxyHandler {
  readonly kind: 'proxy'
  /** `x-svc-proxy` (access log `flow`, LG3). */
  readonly file: string
  readonly run: FlowFunction
  /** The client body may be streamed to the upstream (upstream.md UP-GEN-6 step 2). */
  readonly streamRequestBody: boolean
  /** The stages that apply to the operation, as the compiler found; absent: all of them. */
  readonly stages?: readonly OperationStageName[]
}

export type Handler = FlowHandler | ProxyHandler
