/**
 * The request pipeline (definition.md section 9) for one exchange: the request stages every request
 * passes, then the stages of its operation as the compiled handler lists them (stages.ts). This is the
 * one place where an error ends a request (PL15, errors.md EF2, EF3, X15, X16):
 * - an error the registry answers without the error flow (3212, 3213: codes.ts) gets the system error
 *   document at once, and the connection closes when the registry says so;
 * - an error raised once the flow context exists goes to the error flow (raised-errors.ts);
 * - an error raised before (routing, method check, request validation) gets a context made for the
 *   error flow when there is one, else the system error document;
 * - anything else before a flow ran is a bug, left to the gateway's last resort.
 */
import { OPERATION_STAGE_NAMES } from '../context/handler.js'
import { errorKindOf } from '../errors/codes.js'
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
  if (thrown instanceof RaisedError) {
    const kind = errorKindOf(thrown.code)
    if (kind?.withoutErrorFlow === true) {
      if (kind.closesConnection === true) exchange.closeConnection = true
      return sendErrorWithoutFlow(exchange, thrown)
    }
  }
  const ctx = exchange.ctx
  if (ctx !== null) return handleRaised(exchange, ctx, thrown)
  if (!(thrown instanceof RaisedError)) throw thrown
  return raiseBeforeFlows(exchange, thrown, () => createFlowContext(exchange, exchange.record!))
}
