/**
 * The `backend-flow` action (actions.md ACT-backend-flow-1, ACT-backend-flow-6): registers the flow it
 * contains for a request ID (absent: the catch-all, decided) for the rest of the test file; the flow
 * does not run now. Registering an ID again replaces the earlier flow. Answering: backend-dispatcher.ts.
 */
import type { FlowFunction } from '../context/completion.js'
import type { FlowContext } from '../context/flow-context.js'
import { currentTestRun } from './test-run.js'

/** Registers `flow` for request `id` (null: every ID without a flow of its own), ACT-backend-flow-1. */
export function registerBackendFlow(ctx: FlowContext, at: string, id: string | null, flow: FlowFunction): void {
  currentTestRun(ctx, at, 'backend-flow').registerBackendFlow(id, flow)
}
