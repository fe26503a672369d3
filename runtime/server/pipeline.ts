/**
 * The request pipeline (definition.md section 9) for one exchange: the request stages every request
 * passes, then the stages of its operation as the compiled handler lists them (stages.ts). This is the
 * one place where an error ends a request (PL15, errors.md EF2, EF3, X15, X16):
 * - 3212 (a body too large) never runs the error flow and closes the connection;
 * - an error raised once the flow context exists goes to the error flow (raised-errors.ts);
 * - an error raised before (routing, method check, request validation) gets a context made for the
 *   error flow when there is one, else the system error document;
 * - anything else before a flow ran is a bug, left to the gateway's last resort.
 */
import { OPERATION_STAGE_NAMES } from '../context/handler.js'
import { ERROR_KINDS } from '../errors/codes.js'
import { RaisedError } from '../errors/raised-error.js'
import type { Exchange } from './exchange.js'
import { createFlowContext } from './flow-run.js'
import { handleRaised, raiseBeforeFlows, sendErrorWithoutFlow } from './raised-errors.js'
import { ENDED, OPERATION_STAGES, REQUEST_STAGES, type StageResult } from './stages.js'

export async function handleExchange(exchange: Exchange): Promise<void> {
  try {
    for (let i = 0; i < REQUEST_STAGES.length; i++) {
      const result = REQUEST_STAGES[i]!(exchange)
      if ((result instanceof Promise ? await result : result) === ENDED) return
    }
    // a handler made without a compiled list (hand-built apps in tests) runs every stage
    const names = exchange.handler?.stages ?? OPERATION_STAGE_NAMES
    for (let i = 0; i < names.length; i++) {
      const result: StageResult | Promise<StageResult> = OPERATION_STAGES[names[i]!](exchange)
      if ((result instanceof Promise ? await result : result) === ENDED) return
    }
  } catch (thrown) {
    await endWithError(exchange, thrown)
  } finally {
    // every flow of the request has ended (the client may still be reading the response)
    exchange.ctx?.release()
  }
}

async function endWithError(exchange: Exchange, thrown: unknown): Promise<void> {
  if (thrown instanceof RaisedError && thrown.code === ERROR_KINDS.BODY_TOO_LARGE.code) {
    exchange.closeConnection = true
    return sendErrorWithoutFlow(exchange, thrown)
  }
  const ctx = exchange.ctx
  if (ctx !== null) return handleRaised(exchange, ctx, thrown)
  if (!(thrown instanceof RaisedError)) throw thrown
  return raiseBeforeFlows(exchange, thrown, () => createFlowContext(exchange, exchange.record!))
}
