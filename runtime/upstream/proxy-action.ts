/**
 * Proxying at run time: the `proxy-request` action and `x-svc-proxy` handlers (actions.md
 * ACT-proxy-request-1..3, upstream.md UP-PROXY-1..8, UP-GEN-6, definition.md PX1-PX9). The request
 * is derived from the client request (proxy-target.ts) and always has ID `main`.
 *
 * - Response: stored as `main` (body, main content, `$upstream/main`); the client response status
 *   becomes the upstream status and the upstream's end-to-end fields are copied (replacing same-named
 *   ones, all `Set-Cookie` lines), except `Content-Length`, `Content-Encoding`, `Content-Type` (it
 *   travels with the main content), `Date` and `Server`; then the `set-response-headers` option.
 * - Streamed (UP-GEN-6): when the action is the handler's final element (or `x-svc-proxy`), at top
 *   level, no caching option is active and no check needs the body (client response validation,
 *   including a `set-config` change; the upstream definition's `validate-response`; a mock), the
 *   response head is stored in `$upstream/main` and the body is passed on as it arrives; the client
 *   body too when the pipeline left it unread and `validate-request` does not need it.
 * - Upstream validation and mocking (UP-VAL, UP-MOCK, UP-PROXY-6) as for `request`
 *   (upstream-contract.ts); a validation failure is handled like a failure (UP-PROXY-7).
 * - Failure without `exit-on-error` (UP-PROXY-7): the status of `$error`, no upstream fields, the
 *   system error document as main content (`Cache-Control: no-store` for `x-svc-proxy`).
 */
import type { FlowContext, ProxyStreamAccess } from '../context/flow-context.js'
import { errorStatusOf, renderErrorDocument } from '../errors/error-document.js'
import { flowExecutionError, gatewayError } from '../errors/raised-error.js'
import type { CompiledTemplate } from '../template/compiled-template.js'
import { outputJson, renderTemplate } from '../template/output.js'
import { Content } from '../values/content.js'
import type { JsonValue } from '../values/json-value.js'
import { type ActionSite, actionSite, upstreamServices } from './action-site.js'
import { type CallResponse, type CallStreamed, ClientGoneError } from './call.js'
import { ConfigProblems } from './config-problems.js'
import { connectionNamedFields, HOP_BY_HOP_FIELDS } from './hop-by-hop.js'
import { rawField } from './http-caching.js'
import { BufferedBody, StreamedBody } from './passed-body.js'
import { checkProxyConfig, type ProxyConfig, type ProxySite } from './proxy-config.js'
import { BodyLimit, prepareProxy } from './proxy-target.js'
import { MAIN_ID } from './request-id.js'
import { applyResponseHeadersOption } from './response-headers-option.js'
import { failureError, storeFailure, storeInvalid, storeResponse } from './settle.js'
import { urlText } from './target-url.js'
import { contractOf, needsBufferedResponse, performContractCall } from './upstream-contract.js'
import { storeUpstreamEntry } from './upstream-variable.js'

/**
 * The `proxy-request` action; `last` marks the flow's final top-level element (UP-GEN-6 step 1). The
 * body template's checked configuration is remembered while the template writes the same text.
 */
export async function proxyRequest(
  ctx: FlowContext,
  at: string,
  dir: string,
  body: CompiledTemplate,
  last: boolean,
): Promise<void> {
  const site = actionSite(ctx, at, 'proxy-request', dir)
  const text = renderTemplate(ctx, body)
  const config = upstreamServices(ctx).configs.checked(body, text, (problems) =>
    checkedProxyConfig(ctx, site, outputJson(ctx, body, text), 'action', problems),
  )
  await runProxy(ctx, site, config, last, false)
}

/** RF on shape errors (UP-PROXY-1); warnings reported. */
export function checkedProxyConfig(
  ctx: FlowContext,
  site: ActionSite,
  body: JsonValue,
  kind: ProxySite,
  problems = new ConfigProblems(),
): ProxyConfig {
  const config = checkProxyConfig(body, kind, problems)
  for (const problem of problems.items) if (problem.severity === 'warning') site.warn(problem.message)
  if (config === undefined || problems.hasErrors)
    throw flowExecutionError(site.at, site.action, problems.firstError!, ctx.requestId)
  return config
}

/** Runs one proxy exchange; `definition` tells an `x-svc-proxy` handler (UP-PROXY-7 headers). */
export async function runProxy(
  ctx: FlowContext,
  site: ActionSite,
  config: ProxyConfig,
  candidate: boolean,
  definition: boolean,
): Promise<void> {
  const client = ctx.request
  if (client === null)
    throw flowExecutionError(site.at, site.action, 'there is no client request to forward', ctx.requestId)
  const services = upstreamServices(ctx)
  const options = config.options
  const contract = contractOf(services, site, options)
  const access = candidate && ctx.depth === 0 ? (client.proxyStream ?? null) : null
  const caching = options.useHttpCache === true || (options.forceCacheTtl ?? 0) > 0
  const streamResponse =
    access !== null && !clientValidatesResponse(ctx, access) && !caching && !needsBufferedResponse(contract)
  const limit = access?.body != null ? new BodyLimit(services.settings.maxBodySize) : null
  if (limit !== null) access!.body!.pipe(limit)
  // a body left unread for streaming is read now when the upstream request check needs it (VA40)
  const bytes =
    limit !== null && contract !== null && contract.request !== false ? await readStreamedBody(ctx, limit) : null
  const prepared = prepareProxy(ctx, services, config, client, site, {
    stream: bytes === null ? limit : null,
    bytes,
    streamResponse,
  })
  const outcome = await performContractCall(services, prepared, site, streamResponse, contract)
  if (limit !== null) access!.counted(limit.bytes)
  if (limit?.exceeded === true) {
    if (outcome.kind === 'streamed') outcome.transfer.discard()
    throw gatewayError('BODY_TOO_LARGE', [`Request body exceeds ${limit.limit} bytes`], ctx.requestId)
  }
  const exitOnError = options.exitOnError === true
  switch (outcome.kind) {
    case 'failure': {
      const raised = storeFailure(ctx, MAIN_ID, outcome, exitOnError, false)
      if (raised !== null) throw raised
      const error = failureError(ctx, MAIN_ID, outcome)
      ctx.response.status = errorStatusOf(error)
      ctx.contents.main = [
        Content.fromText(renderErrorDocument(error, ctx.requestId, ctx.gateway.errorDetails), 'application/json'),
      ]
      if (definition) ctx.response.headers.set('Cache-Control', 'no-store')
      return
    }
    case 'invalid': {
      // UP-PROXY-7 after a validation failure: the main content is the error document already
      const raised = storeInvalid(ctx, MAIN_ID, outcome, exitOnError)
      if (raised !== null) throw raised
      ctx.response.status = errorStatusOf(outcome.error)
      if (definition) ctx.response.headers.set('Cache-Control', 'no-store')
      return
    }
    case 'response':
      return applyBuffered(ctx, site, config, outcome, client.method)
    case 'streamed':
      return applyStreamed(ctx, site, config, outcome)
  }
}

/**
 * UP-GEN-6 step 3, validation.md VA20: client response validation in effect for this request, with a
 * `set-config` change (ACT-set-config-1) made before the proxy runs; the route's own modes were
 * decided when the handler started.
 */
function clientValidatesResponse(ctx: FlowContext, access: ProxyStreamAccess): boolean {
  const override = ctx.settings?.responseValidation
  return override === undefined ? !access.response : override !== false
}

/** Reads a client body that was left unread for streaming (SVC_MAX_BODY_SIZE still applies: 3212). */
async function readStreamedBody(ctx: FlowContext, limit: BodyLimit): Promise<Buffer> {
  const chunks: Buffer[] = []
  try {
    for await (const chunk of limit) chunks.push(chunk as Buffer)
  } catch {
    if (limit.exceeded)
      throw gatewayError('BODY_TOO_LARGE', [`Request body exceeds ${limit.limit} bytes`], ctx.requestId)
    throw new ClientGoneError()
  }
  return Buffer.concat(chunks)
}

function applyBuffered(
  ctx: FlowContext,
  site: ActionSite,
  config: ProxyConfig,
  response: CallResponse,
  method: string,
): void {
  const content = storeResponse(ctx, MAIN_ID, response, undefined, site.warn)
  copyUpstreamHead(ctx, response.status, response.rawHeaders)
  if (method === 'HEAD' || response.undecodedEncoding !== null) {
    ctx.response.passed = new BufferedBody(ctx.contents.main, content.bytes, {
      contentType: content.mediaType,
      contentEncoding: response.undecodedEncoding,
      contentLength:
        method === 'HEAD' ? (rawField(response.rawHeaders, 'content-length') ?? null) : String(content.bytes.length),
    })
  }
  if (config.options.setResponseHeaders !== undefined)
    applyResponseHeadersOption(ctx, config.options.setResponseHeaders, site.warn)
}

function applyStreamed(ctx: FlowContext, site: ActionSite, config: ProxyConfig, streamed: CallStreamed): void {
  if (ctx.readsUpstream)
    storeUpstreamEntry(ctx, MAIN_ID, {
      url: urlText(streamed.url),
      target: streamed.target,
      status: streamed.status,
      cacheHit: false,
      rawHeaders: streamed.rawHeaders,
    })
  // UP-GEN-6 step 4: no body is stored
  if (ctx.contents.upstream.size !== 0) ctx.contents.upstream.delete(MAIN_ID)
  ctx.contents.main = undefined
  copyUpstreamHead(ctx, streamed.status, streamed.rawHeaders)
  if (config.options.setResponseHeaders !== undefined)
    applyResponseHeadersOption(ctx, config.options.setResponseHeaders, site.warn)
  const requestId = ctx.requestId
  const failureUrl = streamed.url
  ctx.response.passed = new StreamedBody(
    streamed.transfer,
    {
      contentType: rawField(streamed.rawHeaders, 'content-type') ?? null,
      contentEncoding: rawField(streamed.rawHeaders, 'content-encoding') ?? null,
      contentLength: rawField(streamed.rawHeaders, 'content-length') ?? null,
    },
    {
      logger: site.logger,
      requestId,
      errorOf: (failure) => failureError(ctx, MAIN_ID, { kind: 'failure', url: failureUrl, failure, target: null }),
    },
  )
}

/** Fields never copied from the upstream response (UP-PROXY-5); hop-by-hop ones are added per response. */
const NOT_COPIED = new Set<string>([
  ...HOP_BY_HOP_FIELDS,
  'content-length',
  'content-encoding',
  'content-type',
  'date',
  'server',
])

/** UP-PROXY-5: the upstream status and end-to-end fields become the client response's. */
function copyUpstreamHead(ctx: FlowContext, status: number, rawHeaders: readonly string[]): void {
  const response = ctx.response
  response.status = status
  // made when a field is not dropped anyway (usually none is)
  let connectionNamed: ReadonlySet<string> | null | undefined
  let done = null as string[] | null
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const lower = rawHeaders[i]!.toLowerCase()
    if (NOT_COPIED.has(lower)) continue
    if (connectionNamed === undefined) {
      const connection = rawField(rawHeaders, 'connection')
      connectionNamed = connectionNamedFields(connection)
    }
    if (connectionNamed?.has(lower) === true || done?.includes(lower) === true) continue
    ;(done ??= []).push(lower)
    // every line of this name, in order (Set-Cookie and other repeated fields)
    const values: string[] = [rawHeaders[i + 1]!]
    for (let j = i + 2; j + 1 < rawHeaders.length; j += 2)
      if (rawHeaders[j]!.toLowerCase() === lower) values.push(rawHeaders[j + 1]!)
    response.headers.set(rawHeaders[i]!, values)
  }
}
