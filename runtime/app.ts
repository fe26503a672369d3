/**
 * The contract between generated code and the runtime: `src/app.ts` of every build exports one
 * CompiledApp, which `startServer` serves.
 */
import type { FlowFunction } from './flow/completion.js'
import type { RouteTable } from './router/types.js'

/** A flow bound as a handler; `file` is site-relative (access log `flow` field, LG3). */
export interface FlowHandler {
  readonly kind: 'flow'
  readonly file: string
  readonly run: FlowFunction
}

export type Handler = FlowHandler

export interface CompiledApp {
  /** Normalised basePath (definition.md P6): '/' or '/x'. */
  readonly basePath: string
  readonly routes: RouteTable
  readonly initFlow: FlowHandler | null
  readonly errorFlow: FlowHandler | null
  readonly defaultFlow: FlowHandler | null
  /** Gateway version and build revision (definition.md SV1, operations.md CL8). */
  readonly version: string
  readonly revision: string
}
