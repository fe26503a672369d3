/**
 * The `requests` action at run time (actions.md ACT-requests-1..2, upstream.md UP-REQS-1..4): the
 * result object is checked completely first (an object; keys valid request IDs occurring once;
 * values valid configurations; every request built, its client certificate loaded and its upstream
 * definition found), so any configuration error is an RF (or 3211) before anything is sent. Then all
 * requests run concurrently, each with its own timers and upstream checks (UP-VAL); log lines appear
 * in completion order. Results are applied after all have finished, in key order; the error of the
 * first failed request with `exit-on-error` is raised last.
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError, type RaisedError } from '../errors/raised-error.js'
import { objectMembers } from '../flow/actions/json-members.js'
import { OxnDocument, OxnElement } from '../oxn/index.js'
import { invalidOutputMessage, parseTemplateOutput } from '../template/output.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { type ActionSite, actionSite, upstreamServices } from './action-site.js'
import { prepareRequest } from './build-request.js'
import { ClientGoneError } from './call.js'
import type { PreparedRequest } from './prepared-request.js'
import { checkedConfig, storeOutcome } from './request-action.js'
import type { RequestConfig } from './request-config.js'
import { isRequestId } from './request-id.js'
import { contractOf, performContractCall, type UpstreamContract, type UpstreamOutcome } from './upstream-contract.js'

const ACTION = 'requests'

/** `requests` with a template body: `text` is the template's output. */
export async function requests(ctx: FlowContext, at: string, dir: string, text: string): Promise<void> {
  const site = actionSite(ctx, at, ACTION, dir)
  const output = parseTemplateOutput(text)
  if (output.kind === 'invalid') throw flowExecutionError(at, ACTION, invalidOutputMessage(output.error), ctx.requestId)
  if (output.kind === 'empty' || !(output.value instanceof JsonObject))
    throw flowExecutionError(at, ACTION, 'the result must be a JSON object', ctx.requestId)
  await run(ctx, site, objectMembers(text))
}

/** `requests src="$name"`: the variable must hold a JSON object (ACT-requests-1). */
export async function requestsFrom(ctx: FlowContext, at: string, dir: string, variable: string): Promise<void> {
  const site = actionSite(ctx, at, ACTION, dir)
  const value = ctx.vars.get(variable)
  const item = value.length === 1 ? value[0] : undefined
  const node = item instanceof OxnDocument ? item.documentElement : item
  if (!(node instanceof OxnElement) || !(node.json instanceof JsonObject)) {
    throw flowExecutionError(at, ACTION, `$${variable} must hold a JSON object`, ctx.requestId)
  }
  const object = node.json
  await run(
    ctx,
    site,
    object.keys.map((key, i) => [key, object.values[i]!]),
  )
}

interface Planned {
  readonly id: string
  readonly config: RequestConfig
  readonly contract: UpstreamContract | null
  readonly prepared: PreparedRequest
}

async function run(
  ctx: FlowContext,
  site: ActionSite,
  members: readonly (readonly [string, JsonValue])[],
): Promise<void> {
  const services = upstreamServices(ctx)
  const planned: Planned[] = []
  const seen = new Set<string>()
  for (const [id, value] of members) {
    if (!isRequestId(id))
      throw flowExecutionError(site.at, ACTION, `invalid request ID ${JSON.stringify(id)}`, ctx.requestId)
    if (seen.has(id))
      throw flowExecutionError(site.at, ACTION, `request ID ${JSON.stringify(id)} occurs twice`, ctx.requestId)
    seen.add(id)
    if (!(value instanceof JsonObject))
      throw flowExecutionError(
        site.at,
        ACTION,
        `request ${JSON.stringify(id)}: the configuration must be an object`,
        ctx.requestId,
      )
    const config = checkedConfig(ctx, site, value, 'requests', id)
    // UP-REQS-1: the 3211 checks of every entry (definition, client certificate) before any is sent
    const contract = contractOf(services, site, config.options)
    planned.push({ id, config, contract, prepared: prepareRequest(ctx, services, config, id, {}, site) })
  }
  if (planned.length === 0) return
  const outcomes = await Promise.all(
    planned.map((entry) => settle(performContractCall(services, entry.prepared, site, false, entry.contract))),
  )
  if (outcomes.some((outcome) => outcome === CLIENT_GONE)) throw new ClientGoneError()
  let raise: RaisedError | null = null
  planned.forEach((entry, i) => {
    const raised = storeOutcome(ctx, site, entry.id, entry.config, outcomes[i] as UpstreamOutcome)
    raise ??= raised
  })
  if (raise !== null) throw raise
}

const CLIENT_GONE = Symbol('client gone')

/** Waits for one call; the client going away is noted, other errors pass through. */
async function settle(call: Promise<UpstreamOutcome>): Promise<UpstreamOutcome | typeof CLIENT_GONE> {
  try {
    return await call
  } catch (error) {
    if (error instanceof ClientGoneError) return CLIENT_GONE
    throw error
  }
}
