/**
 * The flow context of a request and the end of a flow run: the context with the predefined variables
 * (flows.md F-KIND-2 phase 1), made once per request, before the first stage that runs flows or for
 * the error flow; and PL12 to PL14 after a normal end (F-EXEC-4), where a failure to render or send
 * is raised like any error of the flows.
 */
import { FlowContext } from '../context/flow-context.js'
import { oxnRoot } from '../oxn/index.js'
import { checkClientResponse, checksResponses } from '../validate/client-checks.js'
import { singleton } from '../values/item.js'
import type { Exchange } from './exchange.js'
import { startFlowDebugging } from './exchange-hooks.js'
import { buildRequestObject } from './request-variable.js'
import { flowOutgoing, renderFlowResponse, send } from './send.js'

/** The FlowContext of the request with the predefined variables (F-KIND-2 phase 1). */
export function createFlowContext(exchange: Exchange): FlowContext {
  const record = exchange.record
  const services = exchange.gateway.services
  // svc-test (operations.md TS6, TS7): the test file's variables and `$env` with its overrides
  const test = services.testRun
  const ctx = new FlowContext(services, record.id, exchange, test?.vars)
  ctx.request = record
  ctx.trace = exchange.span
  // the compiler knows whether any flow reads `$request` and `$upstream` (a test run shares its variables)
  const reads = test === undefined ? exchange.gateway.app.reads : undefined
  if (reads?.request !== false) ctx.vars.set('request', singleton(oxnRoot(buildRequestObject(record))))
  if (reads?.upstream === false) ctx.readsUpstream = false
  ctx.vars.set('server', services.server)
  ctx.vars.set('env', test === undefined ? services.env : test.env)
  ctx.vars.set('body', singleton(record.body))
  exchange.ctx = ctx
  startFlowDebugging(exchange, ctx)
  return ctx
}

/**
 * A context holding only `$request`, for the expressions of rate-limit keys evaluated before the flow
 * context exists (rate-limits.md RL3, RL4): the body is not read yet, so `$request/post` is absent.
 * The caller releases it; the request's own flow context is made later as usual.
 */
export function createKeyContext(exchange: Exchange): FlowContext {
  const record = exchange.record
  const ctx = new FlowContext(exchange.gateway.services, record.id, exchange)
  ctx.request = record
  ctx.vars.set('request', singleton(oxnRoot(buildRequestObject(record))))
  return ctx
}

/**
 * PL12-PL14 after a normal end (F-EXEC-4). A failure to render, validate or send is raised like any
 * error of the flows, and the pipeline answers it (runtime/server/pipeline.ts). `pattern` is the route
 * of a handler's or init flow's response, which PL12 validates (VA20).
 */
export function finishFlows(exchange: Exchange, ctx: FlowContext, pattern: string | null = null): void {
  const response = renderFlowResponse(ctx)
  // PL12
  if (pattern !== null && !exchange.finished) {
    const { validation, logger } = exchange.gateway
    const method = exchange.req.method ?? 'GET'
    const responseValidation = ctx.settings?.responseValidation
    // TR5: a traced request validates in a span of its own, where this operation validates anything
    const parent = ctx.trace
    const span =
      parent !== null && checksResponses(validation, pattern, method, responseValidation)
        ? parent.startStep('validate response', {})
        : null
    const invalid = checkClientResponse(
      validation,
      pattern,
      method,
      response,
      logger,
      ctx.requestId,
      responseValidation,
    )
    span?.end(invalid)
    if (invalid !== null) throw invalid
  }
  send(exchange, flowOutgoing(ctx, response))
}
