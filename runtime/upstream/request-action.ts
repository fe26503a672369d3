/**
 * The `request` action at run time (actions.md ACT-request-1..3, upstream.md UP-GEN-1..3): the
 * configuration object is checked (RF on shape errors, nothing sent), the request ID is the body's
 * `id`, else the `content` attribute, else `main`; the request is built, checked against its
 * upstream definition and answered (mock or network, upstream-contract.ts), and its result stored; a
 * failure with `exit-on-error` is raised.
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError, type RaisedError } from '../errors/raised-error.js'
import type { CompiledTemplate } from '../template/compiled-template.js'
import { outputJson, renderTemplate } from '../template/output.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { type ActionSite, actionSite, upstreamServices } from './action-site.js'
import { prepareRequest } from './build-request.js'
import { ConfigProblems } from './config-problems.js'
import { checkRequestConfig, type RequestConfig } from './request-config.js'
import { isRequestId, MAIN_ID } from './request-id.js'
import type { UpstreamServices } from './services.js'
import { storeFailure, storeInvalid, storeResponse } from './settle.js'
import { contractOf, performContractCall, type UpstreamOutcome } from './upstream-contract.js'

/** Attribute values of `request`; `""` counts as absent (ACT-request-1). */
export interface RequestAttributes {
  readonly content?: string
  readonly url?: string
  readonly method?: string
}

/** Runs `request`; without a body (`url` attribute only) the configuration is empty. */
export async function request(
  ctx: FlowContext,
  at: string,
  dir: string,
  attributes: RequestAttributes,
  body?: CompiledTemplate,
): Promise<void> {
  const site = actionSite(ctx, at, 'request', dir)
  const services = upstreamServices(ctx)
  const config = body === undefined ? EMPTY_CONFIG : templateConfig(ctx, site, services, body)
  const id = requestIdOf(ctx, site, config.id, attributes.content)
  const contract = contractOf(services, site, config.options)
  const prepared = prepareRequest(ctx, services, config, id, attributes, site)
  const outcome = await performContractCall(services, prepared, site, false, contract)
  const raised = storeOutcome(ctx, site, id, config, outcome)
  if (raised !== null) throw raised
}

/** The configuration of a `request` without body (`url` attribute only): the same for every run. */
const EMPTY_CONFIG = checkRequestConfig(new JsonObject([], []), 'request', new ConfigProblems())!

/**
 * RF on configuration errors (UP-CFG-1, UP-GEN-3 step 1); warnings are reported. `id` names a
 * `requests` entry in messages.
 */
export function checkedConfig(
  ctx: FlowContext,
  site: ActionSite,
  body: JsonValue,
  kind: 'request' | 'requests',
  id?: string,
  problems = new ConfigProblems(),
): RequestConfig {
  const config = checkRequestConfig(body, kind, problems)
  const prefix = id === undefined ? '' : `request ${JSON.stringify(id)}: `
  for (const problem of problems.items) if (problem.severity === 'warning') site.warn(prefix + problem.message)
  if (config === undefined || problems.hasErrors)
    throw flowExecutionError(site.at, site.action, prefix + problems.firstError!, ctx.requestId)
  return config
}

/** The body template's configuration, checked (remembered while the template writes the same text). */
function templateConfig(
  ctx: FlowContext,
  site: ActionSite,
  services: UpstreamServices,
  template: CompiledTemplate,
): RequestConfig {
  const text = renderTemplate(ctx, template)
  return services.configs.checked(template, text, (problems) =>
    checkedConfig(ctx, site, outputJson(ctx, template, text), 'request', undefined, problems),
  )
}

/** UP-GEN-1, UP-GEN-2: an invalid dynamic ID is an RF. */
function requestIdOf(ctx: FlowContext, site: ActionSite, bodyId: string | null, content: string | undefined): string {
  const id = bodyId ?? (content === undefined || content === '' ? MAIN_ID : content)
  if (!isRequestId(id))
    throw flowExecutionError(
      site.at,
      site.action,
      `invalid request ID ${JSON.stringify(id)} (letters, digits, _ and -, not starting with a digit or -)`,
      ctx.requestId,
    )
  return id
}

/** Stores the outcome of a buffered request (UP-GEN-3 step 6); returns the error to raise (step 7). */
export function storeOutcome(
  ctx: FlowContext,
  site: ActionSite,
  id: string,
  config: RequestConfig,
  outcome: UpstreamOutcome,
): RaisedError | null {
  const exitOnError = config.options.exitOnError === true
  switch (outcome.kind) {
    case 'failure':
      return storeFailure(ctx, id, outcome, exitOnError)
    case 'invalid':
      return storeInvalid(ctx, id, outcome, exitOnError)
    case 'response':
      storeResponse(ctx, id, outcome, config.options.setResponseHeaders, site.warn)
      return null
    case 'streamed':
      // never asked for: buffered requests pass `stream: false`
      outcome.transfer.discard()
      return null
  }
}
