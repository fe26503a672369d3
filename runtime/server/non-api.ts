/**
 * PL3 for a request outside the API base path (H9, F-KIND-8, X16): the default flow runs, with the
 * error flow for what it raises; without a default flow 405 / 3210 with an empty `Allow`, never the
 * error flow.
 */
import { gatewayError } from '../errors/raised-error.js'
import type { Exchange } from './exchange.js'
import { createFlowContext, finishFlows } from './flow-run.js'
import { sendErrorWithoutFlow } from './raised-errors.js'
import { readRequestBody } from './request-body.js'
import type { RequestRecord } from './request-record.js'

export async function handleNonApi(exchange: Exchange, record: RequestRecord): Promise<void> {
  const { app } = exchange.gateway
  const defaultFlow = app.defaultFlow
  if (defaultFlow === null) {
    const info = `Path ${record.path} is outside the API base path ${app.basePath}`
    sendErrorWithoutFlow(exchange, gatewayError('METHOD_NOT_ALLOWED', [info], record.id, [['Allow', '']]))
    return
  }
  if (!(await readRequestBody(exchange, record))) return
  const ctx = createFlowContext(exchange, record)
  exchange.flow = defaultFlow.file
  // what the default flow raises, the pipeline answers (its error flow, EF3)
  await defaultFlow.run(ctx)
  finishFlows(exchange, ctx)
}
