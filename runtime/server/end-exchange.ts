/**
 * The last of the exchange hooks (exchange-hooks.ts): when the response is done or the client went
 * away, it ends the exchange's metrics (operations.md HL4), held debug messages and server span (TR3),
 * and says whether the access line is written (not for the health and readiness endpoints, LG10). It
 * reads an exchange through the narrow EndingExchange, so exchange.ts can call it without a cycle of
 * imports.
 */
import type { FlowContext } from '../context/flow-context.js'
import type { DebugSession } from '../debug/session.js'
import type { GatewayOperations } from '../health/operations.js'
import type { ReservedEndpoint } from '../health/reserved-endpoint.js'
import type { SentResponse } from '../http/write-response.js'
import type { ServerSpan } from '../tracing/tracer.js'

/** What endExchange reads of an exchange (runtime/server/exchange.ts). */
export interface EndingExchange {
  readonly gateway: { readonly operations?: GatewayOperations }
  readonly debug: DebugSession | null
  readonly reserved: ReservedEndpoint | null
  readonly sent: SentResponse | null
  readonly ctx: FlowContext | null
  readonly route: string
  readonly started: number
  readonly errorCode: number | undefined
  readonly span: ServerSpan | null
}

/**
 * Ends the exchange's metrics, debugging and server span (operations.md TR3) at `now`
 * (performance.now()); false when no access line is written (LG10).
 */
export function endExchange(exchange: EndingExchange, aborted: boolean, now: number): boolean {
  exchange.debug?.finish()
  const metrics = exchange.gateway.operations?.metrics
  const reserved = exchange.reserved
  const span = exchange.span
  if (metrics != null || span !== null) {
    const status = exchange.sent?.status ?? builtStatus(exchange.ctx)
    span?.end(status, exchange.errorCode, aborted, now)
    metrics?.requestEnded(
      reserved === null,
      exchange.route,
      status,
      (now - exchange.started) / 1000,
      exchange.errorCode,
    )
  }
  return reserved !== 'health' && reserved !== 'ready'
}

/** The status an unfinished exchange is logged with (LG3 `aborted`): as built, else 499. */
function builtStatus(ctx: FlowContext | null): number {
  return ctx !== null && ctx.response.status !== 200 ? ctx.response.status : 499
}
