/**
 * What the gateway's own areas ask of a running svc-test file (operations.md TS6-TS8): a gateway that
 * svc-test creates carries its test run as `GatewayServices.testRun`. A gateway serving real clients
 * has none, and every area then behaves exactly as without svc-test.
 */
import type { Dispatcher } from 'undici'

import type { Sequence } from '../values/item.js'
import type { JsonObject } from '../values/json-value.js'
import type { FlowContext } from './flow-context.js'
import type { VariableStore } from './variables.js'

export interface TestRunHooks {
  /**
   * TS6, ACT-test-request-3, ACT-backend-flow-3: the global variables of the test file, shared by
   * the test flow, the application requests it starts and the backend flows.
   */
  readonly vars: VariableStore
  /** TS7, ACT-set-env-3: `$env` with the test file's `set-env` overrides. */
  readonly env: Sequence
  /**
   * ACT-test-request-4: the access-log fields (system and custom) of the last application request,
   * which `get-log()` returns in the test flow; null before the first `test-request`.
   */
  readonly accessLog: JsonObject | null
  /**
   * ACT-backend-flow-2: the dispatcher that answers upstream request `id`, made in `ctx`, with a
   * backend flow; null while no backend flow is registered (the request then uses the network).
   */
  backendDispatcher(ctx: FlowContext, id: string): Dispatcher | null
}

declare module './flow-context.js' {
  interface GatewayServices {
    /** The svc-test file this gateway runs (operations.md TS6-TS8); absent in a server. */
    readonly testRun?: TestRunHooks
  }
}
