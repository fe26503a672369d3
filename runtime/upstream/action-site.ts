/**
 * What the upstream actions pass around about the running action: its position and name (RF info,
 * flows.md F-EXEC-6), the flow file's directory (relative body sources), the request's logger and
 * AbortSignal, and run-time warnings; plus the gateway's upstream services.
 */
import type { FlowContext } from '../flow/context.js'
import type { Logger } from '../log/logger.js'
import type { UpstreamServices } from './services.js'
import { warnAt } from './warnings.js'

export interface ActionSite {
  readonly at: string
  readonly action: string
  readonly dir: string
  readonly requestId: string
  readonly logger: Logger
  readonly signal: AbortSignal
  warn(message: string): void
}

export function actionSite(ctx: FlowContext, at: string, action: string, dir: string): ActionSite {
  return {
    at,
    action,
    dir,
    requestId: ctx.requestId,
    logger: ctx.gateway.logger,
    signal: ctx.signal,
    warn: (message) => warnAt(ctx, action, message),
  }
}

/** The gateway's upstream services; a gateway always has them (runtime/server/gateway.ts). */
export function upstreamServices(ctx: FlowContext): UpstreamServices {
  const services = ctx.gateway.upstream
  if (services === undefined) throw new Error('this gateway has no upstream services')
  return services
}
