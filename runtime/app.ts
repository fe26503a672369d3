/**
 * The contract between generated code and the runtime: `src/app.ts` of every build exports one
 * CompiledApp, which `startServer` serves.
 */
import type { SecurityConfig } from './auth/config.js'
import type { FlowHandler } from './context/handler.js'
import type { CorsPolicy } from './cors/policy.js'
import type { MockTable } from './mock/mock-table.js'
import type { RateLimitTable } from './rate-limit/table.js'
import type { RouteTable } from './router/types.js'
import type { UpstreamPoolTable } from './upstream/pools/pools.js'
import type { UpstreamDefinitionTable } from './upstream/upstream-definitions.js'
import type { ValidationPlan } from './validate/plan.js'
import type { XsltSetup } from './xslt/setup.js'

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
  /** `x-svc-cors`, compiled (security.md O7-O19); absent when not configured. */
  readonly cors?: CorsPolicy
  /** Security schemes and requirements (security.md A1-A16); absent when the definition has none. */
  readonly security?: SecurityConfig
  /** Request and response validation data (validation.md); absent when the definition has nothing to validate. */
  readonly validation?: ValidationPlan
  /** Examples of `200` responses for built-in mocking (operations.md MK1-MK6); absent when there are none. */
  readonly mocks?: MockTable
  /** Where the XSLT engine and compiled stylesheets are (actions.md ACT-xslt); absent when no flow uses `xslt`. */
  readonly xslt?: XsltSetup
  /** The rate limit of each route and method (rate-limits.md RL1-RL6); absent when none is configured. */
  readonly rateLimits?: RateLimitTable
  /** Upstream definitions for upstream validation and mocking (upstream.md UP-VAL, UP-MOCK); absent when no request names one. */
  readonly upstreamDefinitions?: UpstreamDefinitionTable
  /** `x-svc-upstreams` (upstream.md UP-POOL-1); absent when the definition declares no pool. */
  readonly upstreamPools?: UpstreamPoolTable
  /**
   * Which predefined variables some flow of the app can read, as the compiler found; absent: all. The
   * pipeline builds no `$request` and no `$upstream` entries that nothing can read.
   */
  readonly reads?: VariableReads
}

/** Whether any flow of the app reads `$request` (definition.md section 10) and `$upstream` (upstream.md UP-VAR). */
export interface VariableReads {
  readonly request: boolean
  readonly upstream: boolean
}
