/**
 * One upstream request from sending to the final response (upstream.md UP-GEN-3 step 4, UP-TIME,
 * UP-REDIR, UP-CACHE, UP-NET-7, UP-RESP-1, UP-LOG-1, UP-ERR-7): the overall timer across hops, the
 * client-gone abort (flows.md F-EXEC-8), redirects followed by the gateway itself (one exchange and
 * one log line per hop), cache lookups, revalidation and stores per hop, one retry of an idempotent
 * request whose reused connection was closed before any response byte, bounded buffering and
 * content decoding, or a streamed final response (UP-GEN-6) handed to the caller with its transfer
 * still running. Every timer and listener is released when the call ends.
 */
import type { Dispatcher } from 'undici'

import type { ClientSpan } from '../context/trace.js'
import { readRequestKey } from '../request-key/request-key.js'
import { wireText } from '../values/wire-text.js'
import { CallControl } from './call-control.js'
import type { CallSite } from './call-site.js'
import { type ConnectionTarget, connectionTarget, type KeyedTarget } from './connection-target.js'
import { type Coding, codingsToUndo, decodeBody, tooLargeError } from './content-decoding.js'
import { classifyError, transportFailure, unavailableFailure, type UpstreamFailure } from './failure.js'
import { Hop, type HopHead } from './hop.js'
import {
  type CachePlan,
  cachePlan,
  type CacheRequest,
  conditionalFields,
  entryFor,
  headersWithAge,
  invalidatedKeys,
  judgeEntry,
  rawField,
  revalidatedEntry,
} from './http-caching.js'
import { type AttemptResult, failingStatus, PoolAttempts, report } from './pools/attempts.js'
import type { CircuitBreaker } from './pools/breaker.js'
import { poolConnection } from './pools/pool-connection.js'
import type { PreparedRequest } from './prepared-request.js'
import { type LogBase, writeRequestLog } from './request-log.js'
import { retryableFailure, retryableStatus, retryPolicyOf, RetryRun } from './retry.js'
import type { UpstreamServices } from './services.js'
import { StreamTransfer } from './stream-transfer.js'
import { forcedHttps, requestTarget, resolveLocation, type TargetUrl, urlText } from './target-url.js'

export type { CallSite }

export interface CallResponse {
  readonly kind: 'response'
  readonly url: TargetUrl
  readonly status: number
  readonly rawHeaders: readonly string[]
  /** Decoded body (empty for HEAD, 204 and 304). */
  readonly body: Buffer
  readonly cacheHit: boolean
  /** `Content-Encoding` of a body stored undecoded (a coding the gateway does not decode), else null. */
  readonly undecodedEncoding: string | null
  /** The pool target that answered (UP-POOL-2); null for a plain origin. */
  readonly target: string | null
}

export interface CallStreamed {
  readonly kind: 'streamed'
  readonly url: TargetUrl
  readonly status: number
  readonly rawHeaders: readonly string[]
  readonly transfer: StreamTransfer
  readonly target: string | null
}

export interface CallFailure {
  readonly kind: 'failure'
  /** URL of the hop that failed. */
  readonly url: TargetUrl
  readonly failure: UpstreamFailure
  /** The pool target of the failed attempt; null for a plain origin or when none was available. */
  readonly target: string | null
}

export type CallOutcome = CallResponse | CallStreamed | CallFailure

/** The request was abandoned because the client went away (UP-ERR-7: not a failure). */
export class ClientGoneError extends Error {
  constructor() {
    super('the client disconnected')
    this.name = 'ClientGoneError'
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODILESS_STATUS = new Set([204, 304])
const EMPTY = Buffer.alloc(0)

/**
 * Runs the request. With `stream` the final network response is returned as streamed (its body not
 * read yet); the caller must start or discard the transfer.
 */
export async function performCall(
  services: UpstreamServices,
  request: PreparedRequest,
  site: CallSite,
  stream: boolean,
): Promise<CallOutcome> {
  // svc-test (actions.md ACT-backend-flow-2): a backend flow answers instead of the network, without
  // timeouts, cache or streaming
  const backend = site.backendFor?.(request.id) ?? null
  const control = new CallControl(request, site, backend === null)
  const pool = backend === null ? poolAttempts(services, request, site) : null
  const retries = backend === null ? retryRun(services, request, pool, control) : null
  try {
    const outcome = await runHops(services, request, site, control, stream && backend === null, backend, {
      pool,
      retries,
    })
    if (outcome.kind === 'streamed') control.keepForTransfer()
    return outcome
  } finally {
    retries?.end()
    control.release()
  }
}

/** The retries of a call (UP-POOL-5, UP-POOL-6): none for a streamed body or without a `retries` setting. */
function retryRun(
  services: UpstreamServices,
  request: PreparedRequest,
  pool: PoolAttempts | null,
  control: CallControl,
): RetryRun | null {
  const options = request.options
  if (request.bodyStream !== null || (pool === null && options.retries === undefined)) return null
  const own =
    options.retries !== undefined || options.retryDelay !== undefined || options.retryNonIdempotent !== undefined
  const policy = pool !== null && !own ? pool.pool.retryPolicy : retryPolicyOf(options, pool?.pool.spec ?? null)
  if (policy.retries === 0) return null
  const budget = pool?.pool.budget ?? services.retryBudget(request.url.origin)
  return new RetryRun(policy, budget, control.deadline)
}

interface HopState {
  url: TargetUrl
  method: string
  /** Replaced, never changed in place: the first hop sends the prepared request's own list. */
  headers: readonly (readonly [string, string])[]
  body: Buffer | null
  index: number
}

/** One call across its hops: what stays the same from hop to hop, and the hop state that moves on. */
interface HopCall {
  readonly services: UpstreamServices
  readonly request: PreparedRequest
  readonly site: CallSite
  readonly control: CallControl
  readonly state: HopState
  /** A caching option is active (never with a backend flow). */
  readonly caching: boolean
  /** The response may be streamed (when no cache plan needs its body). */
  readonly stream: boolean
  /** svc-test: the backend flow's dispatcher that replaces the network. */
  readonly backend: Dispatcher | null
  /** The attempts to the pool the request's URL names (UP-POOL-2); null for a plain origin. */
  readonly pool: PoolAttempts | null
  /** The call's retries (UP-POOL-5); null when it is not retried. */
  readonly retries: RetryRun | null
}

function runHops(
  services: UpstreamServices,
  request: PreparedRequest,
  site: CallSite,
  control: CallControl,
  stream: boolean,
  backend: Dispatcher | null,
  { pool, retries }: { pool: PoolAttempts | null; retries: RetryRun | null },
): Promise<CallOutcome> {
  const options = request.options
  const state: HopState = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    index: 0,
  }
  const caching = backend === null && (options.useHttpCache === true || (options.forceCacheTtl ?? 0) > 0)
  const call: HopCall = { services, request, site, control, state, caching, stream, backend, pool, retries }
  // without followed redirects there is one hop: its outcome as it comes, with no loop around it
  if (options.followRedirects !== true) return exchangeHop(call, targetFor(call, state.url), null)
  return followHops(call)
}

/** The attempts of a request whose URL names a pool (UP-POOL-2), with its hash key read once. */
function poolAttempts(services: UpstreamServices, request: PreparedRequest, site: CallSite): PoolAttempts | null {
  const pool = services.pools?.forUrl(request.url)
  if (pool === undefined) return null
  const hashKey = pool.spec.hashKey
  const keyed = hashKey === null ? undefined : site.keyedRequest?.()
  return new PoolAttempts(pool, keyed === undefined ? '' : readRequestKey(hashKey!, keyed, pool.trustedProxies))
}

/** One hop of the request as `state` describes it: the cache plan, then the exchange. */
function exchangeHop(
  call: HopCall,
  { target, key }: KeyedTarget,
  /** The redirect limit when it has been reached: a followable 3xx now fails (UP-REDIR-3). */
  redirectLimit: number | null,
): Promise<CallOutcome> {
  const { request, state } = call
  const cacheRequest: CacheRequest = {
    method: state.method,
    url: urlText(state.url),
    targetKey: key,
    headers: state.headers,
    requestIdField: call.services.requestIdField,
    body: state.body,
    clientHeaders: request.clientHeaders,
  }
  const plan = call.caching ? cachePlan(request.options, cacheRequest) : null
  return exchangeOnce(call, target, plan, cacheRequest, redirectLimit)
}

/** UP-REDIR-1..3: hops until a response that is not a followed redirect. */
async function followHops(call: HopCall): Promise<CallOutcome> {
  const { request, site, control, state } = call
  const maxRedirects = request.options.maxRedirects ?? 5
  let redirects = 0
  for (;;) {
    const target = targetFor(call, state.url)
    const limitReached = redirects >= maxRedirects ? maxRedirects : null
    const result = await exchangeHop(call, target, limitReached)
    if (result.kind !== 'response' && result.kind !== 'streamed') return result
    const location = REDIRECTS.has(result.status) ? rawField(result.rawHeaders, 'location') : undefined
    if (location === undefined) return result
    const resolved = resolveLocation(state.url, location)
    // UP-NET-8: every hop goes out as https when forced
    const next = resolved !== undefined && request.forceHttps === true ? forcedHttps(resolved) : resolved
    if (next === undefined) {
      site.warn(
        `redirect Location ${JSON.stringify(location)} of ${urlText(state.url)} is not a valid http or https URL; the 3xx response is returned`,
      )
      return result
    }
    if (result.kind === 'streamed' && request.bodyStream !== null && (result.status === 307 || result.status === 308)) {
      site.warn(`a ${result.status} redirect cannot repeat a streamed request body; the 3xx response is returned`)
      return result
    }
    if (result.kind === 'streamed') {
      try {
        await result.transfer.discardBody()
      } catch (error) {
        const failure = control.failure ?? classifyError(error, request.limits, target.target.protocol === 'https:')
        if (failure.kind === 'aborted') throw new ClientGoneError()
        return { kind: 'failure', url: state.url, failure, target: null }
      }
    }
    redirects++
    nextHop(state, result.status, next, request.originBound)
  }
}

/** UP-REDIR-2: method and body changes, fields bound to the origin, `Host` of the new URL. */
function nextHop(state: HopState, status: number, next: TargetUrl, originBound: readonly string[]): void {
  const crossOrigin = next.origin !== state.url.origin
  const toGet =
    status === 303 || ((status === 301 || status === 302) && state.method !== 'GET' && state.method !== 'HEAD')
  const dropped = new Set<string>(crossOrigin ? [...originBound, 'host'] : [])
  if (toGet) {
    if (state.method !== 'HEAD') state.method = 'GET'
    state.body = null
    dropped.add('content-type').add('content-length')
  }
  const headers = state.headers.filter(([name]) => !dropped.has(name.toLowerCase()))
  if (crossOrigin) headers.unshift(['Host', next.host])
  state.headers = headers
  state.url = next
  state.index++
}

/** The connection target of a hop (UP-NET-3: transport options only for the configured origin). */
function targetFor(
  call: { readonly services: UpstreamServices; readonly request: PreparedRequest },
  url: TargetUrl,
): KeyedTarget {
  const { request, services } = call
  const connectTimeoutMs = request.limits.separateConnect ? request.limits.connectMs : null
  const known = services.targets.get(
    request.options,
    url.origin,
    request.url.origin,
    request.certificate,
    connectTimeoutMs,
  )
  if (known !== undefined) return known
  const options = request.options
  const proxied = options.proxyServer !== undefined
  const transport = !proxied && url.origin === request.url.origin
  const place = {
    protocol:
      transport && options.transportProtocol !== undefined ? (`${options.transportProtocol}:` as const) : url.protocol,
    hostname: transport && options.transportServer !== undefined ? options.transportServer : bare(url.hostname),
    port: transport && options.transportPort !== undefined ? options.transportPort : url.port,
    proxyServer: options.proxyServer ?? null,
    proxyCredentials: options.proxyCredentials ?? null,
  }
  const target = connectionTarget(place, options, request.certificate, connectTimeoutMs)
  return services.targets.remember(request.options, url.origin, request.url.origin, target)
}

function bare(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}

/** One hop: from the cache, or from the network (with one retry on a stale pooled connection). */
async function exchangeOnce(
  call: HopCall,
  target: ConnectionTarget,
  plan: CachePlan | null,
  cacheRequest: CacheRequest,
  /** The redirect limit when it has been reached: a followable 3xx now fails (UP-REDIR-3). */
  redirectLimit: number | null,
): Promise<CallOutcome> {
  const { services, request, site, control, state } = call
  // a response the cache plan stores is read whole
  const stream = call.stream && plan === null
  const logBase: LogBase = {
    requestId: site.requestId,
    url: cacheRequest.url,
    method: state.method,
    id: `${request.id}.${state.index}`,
    target: null,
    attempt: null,
    span: null,
  }
  const found = plan !== null && plan.lookup ? services.cache.get(plan.key) : undefined
  const entry = found instanceof Promise ? await found : found
  // the clock is read only to judge a stored entry
  const now = entry === undefined ? 0 : Date.now()
  const verdict = entry === undefined || plan === null ? 'miss' : judgeEntry(plan, entry, cacheRequest, now)
  if (entry !== undefined && verdict === 'fresh') {
    const rawHeaders = headersWithAge(entry, now)
    const started = performance.now()
    writeRequestLog(site.logger, logBase, {
      status: entry.status,
      mime: rawField(rawHeaders, 'content-type') ?? '',
      bytes: entry.receivedBytes,
      started,
      headAt: started,
      cacheHit: true,
      refresh: false,
      failure: null,
    })
    return {
      kind: 'response',
      url: state.url,
      status: entry.status,
      rawHeaders,
      body: entry.body,
      cacheHit: true,
      undecodedEncoding: undecodedEncodingOf(rawHeaders, entry.status, state.method),
      target: null,
    }
  }
  const headers =
    entry !== undefined && verdict === 'revalidate' ? [...state.headers, ...conditionalFields(entry)] : state.headers
  // a pool's targets serve the configured origin; a redirect elsewhere goes where it points
  const pool = call.pool !== null && state.url.origin === request.url.origin ? call.pool : null
  const retries = call.retries
  const exchange: HopExchange = { target, key: cacheRequest.targetKey, headers, logBase, pool, stream }
  for (let attempt = 0; ; attempt++) {
    if (control.failure !== null) return failed(control.failure, state.url, site, logBase, null, 0, performance.now())
    const started = startAttempt(call, exchange, attempt)
    if (started.kind === 'failure') return started
    const { hop, tls, breaker } = started
    const attemptBase = started.logBase
    control.hop = hop
    let head: HopHead
    try {
      head = await hop.head()
    } catch (error) {
      const failure = control.failure ?? classifyError(error, request.limits, tls)
      reportAttempt(exchange, breaker, failure.kind === 'aborted' ? 'abandoned' : 'failure')
      retries?.attemptEnded()
      const again =
        (attempt === 0 && shouldRetry(failure, error, state.method, request)) ||
        (retries !== null && retries.mayRetry(retryableFailure(failure, state.method, retries.policy), undefined))
      if (!again) return failed(failure, state.url, site, attemptBase, null, 0, hop.started)
      writeRequestLog(site.logger, attemptBase, {
        status: 0,
        mime: '',
        bytes: 0,
        started: hop.started,
        headAt: null,
        cacheHit: false,
        refresh: false,
        failure,
      })
      await retries?.wait()
      continue
    }
    reportAttempt(exchange, breaker, failingStatus(head.status) ? 'failure' : 'success')
    retries?.attemptEnded()
    if (
      retries !== null &&
      retries.mayRetry(
        retryableStatus(head.status, state.method, retries.policy),
        rawField(head.rawHeaders, 'retry-after'),
      )
    ) {
      await hop.discardBody().catch(() => undefined)
      logAnswered(site, attemptBase, hop, head)
      await retries.wait()
      continue
    }
    const mime = rawField(head.rawHeaders, 'content-type') ?? ''
    if (redirectLimit !== null && REDIRECTS.has(head.status) && followable(state.url, head.rawHeaders)) {
      await hop.discardBody().catch(() => undefined)
      return failed(
        transportFailure(`maximum of ${redirectLimit} redirects exceeded`, 'EREDIRECTS'),
        state.url,
        site,
        attemptBase,
        head,
        hop.bytes,
        hop.started,
      )
    }
    if (entry !== undefined && verdict === 'revalidate' && head.status === 304 && plan !== null) {
      try {
        await hop.discardBody()
      } catch {
        // the 304 has no body; a broken connection afterwards does not matter
      }
      writeRequestLog(site.logger, attemptBase, {
        status: head.status,
        mime,
        bytes: hop.bytes,
        started: hop.started,
        headAt: head.at,
        cacheHit: false,
        refresh: true,
        failure: null,
      })
      const updated = revalidatedEntry(plan, entry, head.rawHeaders, cacheRequest, Date.now())
      await (updated === null ? services.cache.delete(plan.key) : services.cache.set(plan.key, updated))
      const source = updated ?? entry
      return {
        kind: 'response',
        url: state.url,
        status: source.status,
        rawHeaders: source.rawHeaders,
        body: source.body,
        cacheHit: false,
        undecodedEncoding: undecodedEncodingOf(source.rawHeaders, source.status, state.method),
        target: attemptBase.target,
      }
    }
    if (stream) {
      return {
        kind: 'streamed',
        url: state.url,
        status: head.status,
        rawHeaders: head.rawHeaders,
        transfer: new StreamTransfer(hop, head, site, attemptBase, control, request, tls),
        target: attemptBase.target,
      }
    }
    return buffered({
      services,
      request,
      site,
      control,
      state,
      hop,
      head,
      plan,
      cacheRequest,
      logBase: attemptBase,
      tls,
    })
  }
}

/** What stays the same across the attempts of one hop. */
interface HopExchange {
  /** The URL's own connection target and its key. */
  readonly target: ConnectionTarget
  readonly key: string
  readonly headers: readonly (readonly [string, string])[]
  readonly logBase: LogBase
  /** The pool's attempts when the hop goes to the configured origin of a pool URL. */
  readonly pool: PoolAttempts | null
  readonly stream: boolean
}

/** An attempt under way: its exchange, its log line's base, and the breaker it reports to. */
interface StartedAttempt {
  readonly kind: 'started'
  readonly hop: Hop
  readonly tls: boolean
  readonly logBase: LogBase
  readonly breaker: CircuitBreaker | null
}

/**
 * Starts attempt `n` of a hop: to a target of the pool (UP-POOL-2), else to the URL's origin, through
 * the origin's breaker when the request has one (UP-POOL-4). Fails at once, with nothing sent, when
 * no target is available or the breaker is open.
 */
function startAttempt(call: HopCall, exchange: HopExchange, n: number): StartedAttempt | CallFailure {
  const { services, request, site, state, backend, retries } = call
  const { pool } = exchange
  let target = exchange.target
  let key = exchange.key
  let origin = state.url.origin
  let hostname = state.url.hostname
  let port = state.url.port
  let host: string | null = null
  const base = exchange.logBase
  let logBase = retries === null ? base : attemptLogBase(base, null, n)
  let breaker: CircuitBreaker | null = null
  if (pool !== null) {
    const chosen = pool.start(Date.now())
    if (chosen === null) return unavailable(call, logBase, `no available target in pool ${pool.pool.name}`)
    // the target's scheme, host and port, and its Host, as if it were called directly
    ;({ target, key } = poolConnection(request, chosen))
    origin = chosen.url
    hostname = chosen.hostname
    port = chosen.port
    host = chosen.host
    logBase = attemptLogBase(base, chosen.url, n)
  } else if (request.options.circuitBreaker !== undefined && backend === null) {
    breaker = services.originBreaker(state.url.origin, request.options.circuitBreaker, site.logger)
    const open = breaker.state(Date.now())
    if (open === 'no') return unavailable(call, logBase, `circuit breaker open for ${state.url.origin}`)
    if (open === 'trial') breaker.startTrial()
  }
  const tls = target.protocol === 'https:'
  const path = requestTarget(state.url)
  // TR4: an attempt to the network has a client span, and carries its context
  const parent = backend === null ? (site.trace ?? null) : null
  const span =
    parent === null
      ? null
      : parent.startClient({
          method: state.method,
          url: origin + path,
          host: bare(hostname),
          port,
          attempt: n,
        })
  if (span !== null) logBase = attemptLogBase(logBase, logBase.target, logBase.attempt, span)
  const hop = Hop.start(backend ?? services.dispatchers.get(target, key), {
    origin,
    // through a forward proxy, undici's proxy agent writes the absolute form itself (UP-NET-4)
    path,
    method: state.method,
    headers:
      span === null ? wireHeaders(exchange.headers, host) : tracedWireHeaders(exchange.headers, host, span.fields),
    body: request.bodyStream ?? state.body,
    servername: tls && !isIpAddress(hostname) ? bare(hostname) : undefined,
    headersTimeoutMs: backend === null ? request.limits.ttfbMs : 0,
    bodyTimeoutMs: exchange.stream ? request.limits.overallMs : 0,
  })
  return { kind: 'started', hop, tls, logBase, breaker }
}

/** UP-POOL-4: nothing may be asked; the call fails at once (3103). */
function unavailable(call: HopCall, logBase: LogBase, cause: string): CallFailure {
  call.retries?.attemptEnded()
  return failed(unavailableFailure(cause), call.state.url, call.site, logBase, null, 0, performance.now())
}

/** The log line of an exchange that got an answer (UP-LOG-1). */
function logAnswered(site: CallSite, base: LogBase, hop: Hop, head: HopHead): void {
  writeRequestLog(site.logger, base, {
    status: head.status,
    mime: rawField(head.rawHeaders, 'content-type') ?? '',
    bytes: hop.bytes,
    started: hop.started,
    headAt: head.at,
    cacheHit: false,
    refresh: false,
    failure: null,
  })
}

/** The log line's base for an attempt (one shape for every line: the log writer stays monomorphic). */
function attemptLogBase(
  base: LogBase,
  target: string | null,
  attempt: number | null,
  span: ClientSpan | null = null,
): LogBase {
  return { requestId: base.requestId, url: base.url, method: base.method, id: base.id, target, attempt, span }
}

/** Tells the pool and the origin's breaker how an attempt went (UP-POOL-4). */
function reportAttempt(exchange: HopExchange, breaker: CircuitBreaker | null, result: AttemptResult): void {
  const now = Date.now()
  exchange.pool?.end(result, now)
  if (breaker !== null) report(breaker, result, now)
}

/** What reading a buffered response needs: the call, its current hop and its cache plan. */
interface BufferedStep {
  readonly services: UpstreamServices
  readonly request: PreparedRequest
  readonly site: CallSite
  readonly control: CallControl
  readonly state: HopState
  readonly hop: Hop
  readonly head: HopHead
  readonly plan: CachePlan | null
  readonly cacheRequest: CacheRequest
  readonly logBase: LogBase
  readonly tls: boolean
}

/**
 * Reads, decodes and (maybe) caches the body of a final or intermediate response. Usually the whole
 * body came with the head and has no coding to undo: then nothing is awaited.
 */
function buffered(step: BufferedStep): CallOutcome | Promise<CallOutcome> {
  const codings = codingsToUndo(rawField(step.head.rawHeaders, 'content-encoding'))
  const received = codings === null || codings.length === 0 ? step.hop.receivedBody : null
  if (received === null) return readBuffered(step, codings)
  return settleBuffered(step, codings, bodyOf(received, step.state, step.head))
}

async function readBuffered(step: BufferedStep, codings: readonly Coding[] | null): Promise<CallOutcome> {
  const { services, request, control, state, hop, head } = step
  const limit = services.settings.maxUpstreamBodySize
  let chunks: Buffer[]
  try {
    // A coded body may be a little larger than its decoded form; the decoded size is checked exactly.
    chunks = await hop.readBody(codings === null || codings.length === 0 ? limit : limit + 65536, () =>
      tooLargeError(limit),
    )
  } catch (error) {
    return failedStep(step, control.failure ?? classifyError(error, request.limits, step.tls))
  }
  let body = bodyOf(chunks, state, head)
  if (body !== EMPTY && codings !== null && codings.length > 0) {
    try {
      body = await decodeBody(body, codings, limit)
    } catch (error) {
      return failedStep(step, control.failure ?? classifyError(error, request.limits, step.tls))
    }
  }
  return settleBuffered(step, codings, body)
}

function failedStep(step: BufferedStep, failure: UpstreamFailure): CallOutcome {
  return failed(failure, step.state.url, step.site, step.logBase, step.head, step.hop.bytes, step.hop.started)
}

/** The body as received: empty for HEAD, 204 and 304. */
function bodyOf(chunks: readonly Buffer[], state: HopState, head: HopHead): Buffer {
  if (state.method === 'HEAD' || BODILESS_STATUS.has(head.status)) return EMPTY
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}

/** The response once its body is read (and decoded): logged, cached, returned. */
function settleBuffered(
  step: BufferedStep,
  codings: readonly Coding[] | null,
  body: Buffer,
): CallOutcome | Promise<CallOutcome> {
  const { site, control, state, hop, head, logBase } = step
  if (control.failure !== null) return failedStep(step, control.failure)
  const bodiless = state.method === 'HEAD' || BODILESS_STATUS.has(head.status)
  logAnswered(site, logBase, hop, head)
  const outcome: CallResponse = {
    kind: 'response',
    url: state.url,
    status: head.status,
    rawHeaders: head.rawHeaders,
    body,
    cacheHit: false,
    undecodedEncoding: codings === null && !bodiless ? (rawField(head.rawHeaders, 'content-encoding') ?? null) : null,
    target: logBase.target,
  }
  const writes = updateCache(step, body)
  return writes === null ? outcome : writes.then(() => outcome)
}

/**
 * Stores or drops the entry of the plan, and after an unsafe method invalidates the URL's entries
 * (UP-CACHE-2). Null when nothing is pending; else what Redis is still doing (bounded by
 * SVC_REDIS_TIMEOUT), awaited so that an entry is visible to the fleet once the response is used.
 */
function updateCache(step: BufferedStep, body: Buffer): Promise<unknown> | null {
  const { services, request, state, hop, head, plan, cacheRequest } = step
  const invalidates =
    request.options.useHttpCache === true && UNSAFE.has(state.method) && head.status >= 200 && head.status < 400
  if ((plan === null || !plan.store) && !invalidates) return null
  const writes: (void | Promise<void>)[] = []
  if (plan !== null && plan.store) {
    const stored = entryFor(
      plan,
      { status: head.status, rawHeaders: head.rawHeaders, body, receivedBytes: hop.bytes },
      cacheRequest,
      Date.now(),
    )
    if (stored !== null) writes.push(services.cache.set(plan.key, stored))
    else if (plan.mode === 'http') writes.push(services.cache.delete(plan.key))
  }
  if (invalidates) {
    for (const key of invalidatedKeys(cacheRequest.targetKey, cacheRequest.url)) writes.push(services.cache.delete(key))
  }
  const pending = writes.filter((write) => write instanceof Promise)
  return pending.length === 0 ? null : Promise.all(pending)
}

function followable(url: TargetUrl, rawHeaders: readonly string[]): boolean {
  const location = rawField(rawHeaders, 'location')
  return location !== undefined && resolveLocation(url, location) !== undefined
}

function undecodedEncodingOf(rawHeaders: readonly string[], status: number, method: string): string | null {
  if (method === 'HEAD' || BODILESS_STATUS.has(status)) return null
  const encoding = rawField(rawHeaders, 'content-encoding')
  return codingsToUndo(encoding) === null ? (encoding ?? null) : null
}

/** Logs a failed (or aborted) exchange; an abort by the client is thrown, not returned (UP-ERR-7). */
function failed(
  failure: UpstreamFailure,
  url: TargetUrl,
  site: CallSite,
  logBase: LogBase,
  head: HopHead | null,
  bytes: number,
  started: number,
): CallFailure {
  const aborted = failure.kind === 'aborted'
  writeRequestLog(site.logger, logBase, {
    status: aborted || head === null ? 0 : head.status,
    mime: head === null ? '' : (rawField(head.rawHeaders, 'content-type') ?? ''),
    bytes,
    started,
    headAt: head?.at ?? null,
    cacheHit: false,
    refresh: false,
    failure,
  })
  if (aborted) throw new ClientGoneError()
  return { kind: 'failure', url, failure, target: logBase.target }
}

/**
 * UP-NET-7: a request whose pooled connection was closed or reset before any response byte is sent
 * once more, if its method is idempotent and its body is not streamed. A connection that had
 * already read bytes (earlier responses) was a reused one.
 */
function shouldRetry(failure: UpstreamFailure, error: unknown, method: string, request: PreparedRequest): boolean {
  if (failure.kind !== 'transport' || failure.cause !== 'connection reset') return false
  if (!RETRYABLE.has(method) || request.bodyStream !== null) return false
  const socket = (error as { socket?: { bytesRead?: number } } | null)?.socket
  return typeof socket?.bytesRead === 'number' && socket.bytesRead > 0
}

/**
 * Header values as byte strings: characters above U+007F go out as their UTF-8 bytes (UP-CFG-4);
 * `host` replaces the `Host` value.
 */
function wireHeaders(headers: readonly (readonly [string, string])[], host: string | null): string[] {
  const flat: string[] = new Array(headers.length * 2)
  for (let i = 0; i < headers.length; i++) {
    const [name, value] = headers[i]!
    flat[2 * i] = name
    flat[2 * i + 1] = wireValue(name, value, host)
  }
  return flat
}

/**
 * TR4: the fields as wireHeaders gives them, with the client span's context instead of any sent before.
 * One pass and no set: the span's fields are one to three (`traceparent`, `tracestate`, `baggage`).
 */
function tracedWireHeaders(
  headers: readonly (readonly [string, string])[],
  host: string | null,
  fields: readonly (readonly [string, string])[],
): string[] {
  // made at its full size (a header replaced by one of the fields, which is rare, leaves it shorter)
  const flat: string[] = new Array(2 * (headers.length + fields.length))
  let at = 0
  for (const [name, value] of headers) {
    if (replacedBy(fields, name)) continue
    flat[at++] = name
    flat[at++] = wireValue(name, value, host)
  }
  for (const [name, value] of fields) {
    flat[at++] = name
    flat[at++] = value
  }
  flat.length = at
  return flat
}

/** A value as it goes out; a pool target gets its own `Host` (UP-POOL-2). */
function wireValue(name: string, value: string, host: string | null): string {
  return host !== null && name.length === 4 && name.toLowerCase() === 'host' ? host : wireText(value)
}

/** Whether one of `fields` (lower-case names) has the name `name` in any case. */
function replacedBy(fields: readonly (readonly [string, string])[], name: string): boolean {
  for (const [field] of fields) if (field.length === name.length && field === name.toLowerCase()) return true
  return false
}

function isIpAddress(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)
}
