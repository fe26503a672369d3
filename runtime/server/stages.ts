/**
 * The stages of the request pipeline (definition.md section 9), one named function each, run in order
 * by pipeline.ts. A stage returns ENDED when it answered the request (nothing later runs), or nothing
 * to go on; it throws to end the request with an error, which pipeline.ts hands to the one module that
 * answers errors (answer-error.ts; PL15, errors.md EF2).
 *
 * - Before the operation is known, for every request: PL1 is the arrival (arrival.ts), PL2 the
 *   reserved endpoints (reserved-endpoints.ts), PL3 `apiPath` (a non-API request goes to non-api.ts),
 *   then `routeRequest`: PL5 route match, PL4 CORS pre-flight (it needs the match, PL20), PL5's error,
 *   PL6 method check. It returns the RoutedExchange the operation stages receive.
 * - OPERATION_STAGES (names in runtime/context/handler.ts) run for a routed request, as its handler
 *   lists them (the compiler leaves out those that cannot apply, PL20; all of them otherwise): the rate
 *   limit (rate-limits.md), body (PL18, or a streamed body, UP-GEN-6), request validation (PL7),
 *   security (PL8), the rate limit by JWT claim, mocking (PL9), the init flow (PL10), the handler
 *   (PL11), and the response (PL12, then PL13 and PL14 in send.ts).
 *   Those from security on use the flow context, which the pipeline makes before the first of them
 *   and passes in; the table says which.
 *
 * A new operation stage is one function here, one entry in OPERATION_STAGES (and its name in
 * OPERATION_STAGE_NAMES), and one line in compiler/analysis/operation-stages.ts where the compiler can
 * tell which operations it applies to.
 */
import type { Readable } from 'node:stream'

import { checkSecurity } from '../auth/check-security.js'
import type { SecurityRuntime } from '../auth/security-runtime.js'
import { BREAK } from '../context/completion.js'
import type { FlowContext, ProxyStreamAccess } from '../context/flow-context.js'
import type { FlowHandler, Handler, OperationStageName } from '../context/handler.js'
import { CORS_PREFLIGHT_FLOW, corsPreflightHeaders, isCorsPreflight } from '../cors/preflight.js'
import { gatewayError } from '../errors/raised-error.js'
import type { LimitedRequest, LimitOutcome } from '../rate-limit/limiter.js'
import { computeEndpoint, matchRoute, splitBasePath } from '../router/index.js'
import type { RouteEntry, RouteMatch } from '../router/types.js'
import {
  checkClientRequest,
  methodNotAllowedError,
  unknownPathError,
  validatesRequests,
  validatesResponses,
} from '../validate/client-checks.js'
import type { JsonValue } from '../values/json-value.js'
import type { CompiledExpression } from '../xpath/compiled-expression.js'
import { evaluateString } from '../xpath/evaluate.js'
import type { Exchange } from './exchange.js'
import { noteRoute } from './exchange-hooks.js'
import { createKeyContext, finishFlows } from './flow-run.js'
import { answerWithMock } from './mock-response.js'
import { checkDeclaredBodySize, hasBody, readRequestBody, withoutBody } from './request-body.js'
import type { RequestRecord } from './request-record.js'
import { RoutedExchange } from './routed-exchange.js'
import { send } from './send.js'

/** What a stage returns when it answered the request. */
export const ENDED = true

export type StageResult = typeof ENDED | undefined

export type StageOutcome = StageResult | Promise<StageResult>

/** An operation stage: whether it works in the flow context, and the function. */
export type OperationStage =
  | { readonly usesFlowContext: false; readonly run: (routed: RoutedExchange) => StageOutcome }
  | { readonly usesFlowContext: true; readonly run: (routed: RoutedExchange, ctx: FlowContext) => StageOutcome }

/** PL3 (P7, P8): the path relative to the API base path, or null for a non-API request. */
export function apiPath(exchange: Exchange): string | null {
  return splitBasePath(exchange.gateway.app.basePath, exchange.record.path)
}

/**
 * PL5, PL4, PL6 for an API request: the routed exchange, or ENDED when PL4 answered a pre-flight.
 * Raises 3208 (or 3204, P18) when no route matches and 3210 when the route lacks the method.
 */
export function routeRequest(exchange: Exchange, relativePath: string): RoutedExchange | typeof ENDED {
  const { gateway, record } = exchange
  const match = matchRoute(gateway.app.routes, relativePath)
  noteRoute(exchange, match)
  if (answerPreflight(exchange, match)) return ENDED
  if (match === null) throw unknownPathError(gateway.validation, record.path, record.id)
  record.endpoint = computeEndpoint(gateway.app.basePath, record.path, match)
  record.params = match.params
  return new RoutedExchange(exchange, match.route, operationHandler(exchange, match.route))
}

/** PL4: a CORS pre-flight to a matching route is answered (O13-O17); later responses get PL13 (O18). */
function answerPreflight(exchange: Exchange, match: RouteMatch | null): boolean {
  const cors = exchange.gateway.app.cors
  if (cors === undefined) return false
  const { record } = exchange
  if (match !== null && isCorsPreflight(record.method, record.headers)) {
    exchange.flow = CORS_PREFLIGHT_FLOW
    const headers = corsPreflightHeaders(cors, record.headers, match.route)
    send(exchange, { status: 200, headers, contentType: null, body: '' })
    return true
  }
  exchange.cors = cors
  return false
}

/** PL6, the method check (MA1-MA5: 405 / 3210 with `Allow` in MA2 order): the operation's handler. */
function operationHandler(exchange: Exchange, route: RouteEntry): Handler | null {
  if (route.operations === null) return route.handler
  const { gateway, record } = exchange
  const handler = route.operations.get(record.method)
  if (handler === undefined) {
    throw methodNotAllowedError(gateway.validation, route.pattern, record.method, record.path, route.allow, record.id)
  }
  return handler
}

/** The operation's rate limit (rate-limits.md RL1-RL9), checked before the body is read. */
function rateLimit(routed: RoutedExchange): StageOutcome {
  return enforceRateLimit(routed, new LimitKeySource(routed.exchange, null))
}

/** RL4: a rate limit counting by a JWT claim, checked once PL8 verified the token. */
function rateLimitByClaim(routed: RoutedExchange, ctx: FlowContext): StageOutcome {
  return enforceRateLimit(routed, new LimitKeySource(routed.exchange, ctx))
}

/** Counts the request (in memory at once, on Redis asynchronously), then applies the outcome. */
function enforceRateLimit(routed: RoutedExchange, source: LimitKeySource): StageOutcome {
  const limiter = routed.gateway.rateLimiter
  if (limiter === null) return undefined
  const limit = limiter.table.lookup(routed.route.pattern, routed.record.method)
  if (limit === undefined) return undefined
  let outcome: LimitOutcome | Promise<LimitOutcome>
  try {
    outcome = limiter.check(limit, source, Date.now())
  } finally {
    source.release()
  }
  return outcome instanceof Promise ? outcome.then((o) => applyLimit(routed, o)) : applyLimit(routed, outcome)
}

/**
 * What rate-limit keys are read from (RL3): the request, the verified claims, and `$request` for key
 * expressions, in the flow context once it exists, else in a context made for them alone.
 */
class LimitKeySource implements LimitedRequest {
  #keyContext: FlowContext | null = null

  constructor(
    readonly exchange: Exchange,
    readonly flowContext: FlowContext | null,
  ) {}

  get peer(): string | undefined {
    return this.exchange.record.remoteAddress
  }

  get headers(): ReadonlyMap<string, string> {
    return this.exchange.record.headers
  }

  get claims(): JsonValue | null {
    return this.flowContext?.jwtClaims ?? null
  }

  evaluate(expr: CompiledExpression): string {
    const ctx = this.flowContext ?? (this.#keyContext ??= createKeyContext(this.exchange))
    return evaluateString(ctx, expr)
  }

  release(): void {
    this.#keyContext?.release()
  }
}

/** Notes the fields every response carries (RL6); raises 3214 when refused (RL5). */
function applyLimit(routed: RoutedExchange, outcome: LimitOutcome): undefined {
  const { record, exchange } = routed
  if (outcome.fields.length > 0) exchange.rateLimitFields = outcome.fields
  if (outcome.retryAfterSeconds === 0) return undefined
  routed.gateway.operations?.metrics?.rateLimited(routed.route.pattern)
  const info = `Rate limit of ${record.method} ${routed.route.pattern} exceeded`
  throw gatewayError('RATE_LIMITED', [info], record.id, [['Retry-After', String(outcome.retryAfterSeconds)]])
}

/** PL7, PL18: the body read in full, or left to a proxy to stream (upstream.md UP-GEN-6 step 2). */
function body(routed: RoutedExchange): StageOutcome {
  if (routed.streamBody) {
    checkDeclaredBodySize(routed.exchange)
    return undefined
  }
  if (withoutBody(routed.record)) return undefined
  return readRequestBody(routed.exchange).then((read) => (read ? undefined : ENDED))
}

/** PL7: client request validation (validation.md VA6-VA19); 3204 under mode `true`. */
function requestValidation(routed: RoutedExchange): StageResult {
  const { gateway, record } = routed
  const { validation, logger } = gateway
  // TR5: a traced request validates in a span of its own, where this operation validates anything
  const parent = routed.exchange.span
  const span =
    parent !== null && validatesRequests(validation, routed.route.pattern, record.method)
      ? parent.startStep('validate request', {})
      : null
  const invalid = checkClientRequest(validation, routed.route.pattern, record.method, record, logger, record.id)
  span?.end(invalid)
  if (invalid !== null) throw invalid
  return undefined
}

/** PL8: security requirements and post-check flows (security.md); a BREAK sends what the flows built. */
function security(routed: RoutedExchange, ctx: FlowContext): StageOutcome {
  const runtime = routed.gateway.security
  if (runtime === null) return undefined
  return checkSecured(routed, ctx, runtime)
}

async function checkSecured(routed: RoutedExchange, ctx: FlowContext, runtime: SecurityRuntime): Promise<StageResult> {
  const { exchange } = routed
  if ((await checkSecurity(ctx, runtime, routed.route.pattern, routed.record.method, exchange)) !== BREAK)
    return undefined
  finishFlows(exchange, ctx)
  return ENDED
}

/** PL9: a mock response when asked for and allowed (operations.md MK1); skips PL10 and PL11. */
function mock(routed: RoutedExchange, ctx: FlowContext): StageResult {
  const { exchange, route } = routed
  if (!answerWithMock(exchange, ctx, route, routed.record.method)) return undefined
  finishFlows(exchange, ctx, route.pattern)
  return ENDED
}

/** PL10: the init flow (H7, H8); a BREAK skips the handler. */
function initFlow(routed: RoutedExchange, ctx: FlowContext): StageOutcome {
  const flow = routed.gateway.app.initFlow
  if (flow === null) return undefined
  return runInitFlow(routed, ctx, flow)
}

async function runInitFlow(routed: RoutedExchange, ctx: FlowContext, flow: FlowHandler): Promise<StageResult> {
  const { exchange } = routed
  exchange.flow = flow.file
  if ((await flow.run(ctx)) !== BREAK) return undefined
  finishFlows(exchange, ctx, routed.route.pattern)
  return ENDED
}

/** PL11: the handler (3209 when none, H5), with what a streaming proxy may use of the exchange. */
async function handler(routed: RoutedExchange, ctx: FlowContext): Promise<StageResult> {
  const { exchange, record, handler } = routed
  if (handler === null) throw gatewayError('NO_FLOW', [`No flow found for ${record.method} ${record.path}`], record.id)
  exchange.flow = handler.file
  // UP-GEN-6 step 3: a response that PL12 validates is never streamed
  const streamResponse = !validatesResponses(routed.gateway.validation, routed.route.pattern, record.method)
  const streamBody = routed.streamBody
  record.proxyStream = new ProxyStream(
    record,
    streamBody && hasBody(record.headers) ? exchange.req : null,
    streamResponse,
  )
  try {
    await handler.run(ctx)
  } finally {
    record.proxyStream = null
    // a streamed body that was not read to its end cannot leave the connection reusable
    if (streamBody && !exchange.req.complete) exchange.closeConnection = true
  }
  return undefined
}

/** PL12 (VA20), then PL13 and PL14 (send.ts). */
function response(routed: RoutedExchange, ctx: FlowContext): StageResult {
  finishFlows(routed.exchange, ctx, routed.route.pattern)
  return ENDED
}

/** The operation stages by name, in the order of OPERATION_STAGE_NAMES. */
export const OPERATION_STAGES: { readonly [K in OperationStageName]: OperationStage } = Object.freeze({
  'rate-limit': { usesFlowContext: false, run: rateLimit },
  body: { usesFlowContext: false, run: body },
  'request-validation': { usesFlowContext: false, run: requestValidation },
  security: { usesFlowContext: true, run: security },
  'rate-limit-by-claim': { usesFlowContext: true, run: rateLimitByClaim },
  mock: { usesFlowContext: true, run: mock },
  'init-flow': { usesFlowContext: true, run: initFlow },
  handler: { usesFlowContext: true, run: handler },
  response: { usesFlowContext: true, run: response },
})

/** What the streamed proxy may use of the client exchange while the handler runs (upstream.md UP-GEN-6). */
class ProxyStream implements ProxyStreamAccess {
  constructor(
    readonly record: RequestRecord,
    readonly body: Readable | null,
    readonly response: boolean,
  ) {}

  counted(bytes: number): void {
    this.record.bodySize = bytes
  }
}
