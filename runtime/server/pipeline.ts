/**
 * The request pipeline (definition.md section 9) for one exchange, in the order of the spec's table:
 * PL1's refusal, the reserved endpoints (PL2), classification (PL3: a non-API request runs the default
 * flow), routing (PL5, PL4, PL6), then the stages of the operation as its compiled handler lists them
 * (stages.ts), the flow context made before the first stage that uses it. Whatever a stage throws is
 * answered by answer-error.ts; the pipeline tells it whether the error flow may apply: only once PL3
 * found an API request or a default flow (errors.md EF2, EF3, X16).
 */
import type { FlowContext } from '../context/flow-context.js'
import { OPERATION_STAGE_NAMES } from '../context/handler.js'
import type { RaisedError } from '../errors/raised-error.js'
import { answerError } from './answer-error.js'
import type { Exchange } from './exchange.js'
import { beginExchange, traceExchange } from './exchange-hooks.js'
import { createFlowContext } from './flow-run.js'
import { outsideBasePathError, runDefaultFlow } from './non-api.js'
import { answerReservedEndpoint } from './reserved-endpoints.js'
import type { RoutedExchange } from './routed-exchange.js'
import { apiPath, ENDED, OPERATION_STAGES, routeRequest, type StageOutcome } from './stages.js'

/** Runs the pipeline for `exchange`; `refusal` is PL1's (arrival.ts). */
export async function handleExchange(exchange: Exchange, refusal: RaisedError | null): Promise<void> {
  let errorFlowApplies = false
  try {
    beginExchange(exchange)
    if (refusal !== null) throw refusal
    if (answerReservedEndpoint(exchange)) return
    traceExchange(exchange)
    const relativePath = apiPath(exchange)
    if (relativePath === null) {
      const defaultFlow = exchange.gateway.app.defaultFlow
      if (defaultFlow === null) throw outsideBasePathError(exchange)
      errorFlowApplies = true
      await runDefaultFlow(exchange, defaultFlow)
      return
    }
    errorFlowApplies = true
    const routed = routeRequest(exchange, relativePath)
    if (routed !== ENDED) await runOperationStages(routed)
  } catch (thrown) {
    await answerError(exchange, thrown, errorFlowApplies)
  } finally {
    // every flow of the request has ended (the client may still be reading the response)
    exchange.ctx?.release()
  }
}

async function runOperationStages(routed: RoutedExchange): Promise<void> {
  // a handler made without a compiled list (hand-built apps in tests) runs every stage
  const names = routed.handler?.stages ?? OPERATION_STAGE_NAMES
  let ctx: FlowContext | null = null
  for (const name of names) {
    const stage = OPERATION_STAGES[name]
    const result: StageOutcome = stage.usesFlowContext
      ? stage.run(routed, (ctx ??= createFlowContext(routed.exchange)))
      : stage.run(routed)
    if ((result instanceof Promise ? await result : result) === ENDED) return
  }
}
