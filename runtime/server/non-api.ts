/**
 * PL3 for a request outside the API base path (H9, F-KIND-8, X16): the default flow runs, its body
 * read first (PL18), and what it raises goes to the error flow (the pipeline answers it); without a
 * default flow the answer is 405 / 3210 with an empty `Allow`, never the error flow.
 */
import type { FlowHandler } from '../context/handler.js'
import { gatewayError, type RaisedError } from '../errors/raised-error.js'
import type { Exchange } from './exchange.js'
import { createFlowContext, finishFlows } from './flow-run.js'
import { readRequestBody } from './request-body.js'

/** X16: the 405 a non-API request gets when there is no default flow. */
export function outsideBasePathError(exchange: Exchange): RaisedError {
  const { record } = exchange
  const info = `Path ${record.path} is outside the API base path ${exchange.gateway.app.basePath}`
  return gatewayError('METHOD_NOT_ALLOWED', [info], record.id, [['Allow', '']])
}

/** Runs the default flow and sends its response; raises what the flow or its body raises. */
export async function runDefaultFlow(exchange: Exchange, defaultFlow: FlowHandler): Promise<void> {
  if (!(await readRequestBody(exchange))) return
  const ctx = createFlowContext(exchange)
  exchange.flow = defaultFlow.file
  await defaultFlow.run(ctx)
  finishFlows(exchange, ctx)
}
