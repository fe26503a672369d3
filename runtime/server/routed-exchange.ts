/**
 * An API request after routing (PL3-PL6, definition.md section 9): its route and operation handler
 * are known, so the operation stages (stages.ts) receive them present by type instead of reading
 * fields that earlier stages may or may not have filled. Made once per routed request.
 */
import type { Handler } from '../context/handler.js'
import type { RouteEntry } from '../router/types.js'
import { requestModeOf, type ValidationRuntime } from '../validate/modes.js'
import type { Exchange, GatewayCore } from './exchange.js'
import type { RequestRecord } from './request-record.js'

export class RoutedExchange {
  readonly gateway: GatewayCore
  readonly record: RequestRecord
  /**
   * PL18: the body is left to the handler's proxy to stream (upstream.md UP-GEN-6 step 2), which the
   * compiler allows for the handler and request validation does not forbid (a streamed body cannot
   * be validated).
   */
  readonly streamBody: boolean

  constructor(
    readonly exchange: Exchange,
    /** PL5: the matched route. */
    readonly route: RouteEntry,
    /** PL6: the operation's handler; null when it has none (3209 at PL11, H5). */
    readonly handler: Handler | null,
  ) {
    this.gateway = exchange.gateway
    this.record = exchange.record
    this.streamBody =
      handler?.streamRequestBody === true &&
      !validatesRequests(this.gateway.validation, route.pattern, this.record.method)
  }
}

/** Whether client request validation is on for the operation. */
function validatesRequests(runtime: ValidationRuntime, pattern: string, method: string): boolean {
  const route = runtime.plan?.routes.get(pattern)
  return requestModeOf(runtime, route, route?.operations?.get(method)) !== false
}
