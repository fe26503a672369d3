/**
 * The `test-request` action (actions.md ACT-test-request-1 .. ACT-test-request-5, operations.md TS6):
 * the configuration is a request configuration (upstream.md UP-CFG) with `path` (starting with `/`,
 * may hold a query) instead of `url`; `query` parameters are added to the query of `path`; of
 * `options` only `timeout` is used. The request goes through the whole pipeline of the application in
 * process (`Host: localhost` unless given, client 127.0.0.1); afterwards `$status`, `$response` and
 * `$headers` describe the response. The same check runs on static bodies at compile time (CE/CW).
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError, RaisedError } from '../errors/raised-error.js'
import { oxnRoot } from '../oxn/index.js'
import { decodeHeaderValue } from '../server/request-headers.js'
import { applyConfiguredHeaders, applyCookies, FieldList } from '../upstream/build-request.js'
import { type ConfigProblem, ConfigProblems } from '../upstream/config-problems.js'
import { encodeForm, encodeQueryString } from '../upstream/percent-encoding.js'
import { type BodySite, formBody, multipartBody, type OutgoingBody, rawBody } from '../upstream/request-body.js'
import type { RequestConfig } from '../upstream/request-config.js'
import { warnAt } from '../upstream/warnings.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import type { InMemoryRequest } from './in-memory-exchange.js'
import { checkTestRequestConfig, type TestRequestConfig } from './test-request-config.js'
import { currentTestRun } from './test-run.js'

const ACTION = 'test-request'

/** Fields every simulated client request starts with (ACT-test-request-2); `headers` may replace them. */
const DEFAULT_FIELDS: readonly (readonly [string, string])[] = [
  ['Host', 'localhost'],
  ['User-Agent', 'svc-test'],
  ['Accept', '*/*'],
]

/** Runs the action: sends the request and sets `$status`, `$response`, `$headers` (ACT-test-request-4). */
export async function testRequest(ctx: FlowContext, at: string, dir: string, body: JsonValue): Promise<void> {
  const run = currentTestRun(ctx, at, ACTION)
  const site: BodySite = {
    at,
    action: ACTION,
    dir,
    warn: (message) => warnAt(ctx, ACTION, `${at}: ${ACTION}: ${message}`),
  }
  const problems = new ConfigProblems()
  const config = checkTestRequestConfig(body, problems)
  for (const problem of problems.items) if (problem.severity === 'warning') site.warn(problem.message)
  if (config === undefined) throw flowExecutionError(at, ACTION, firstError(problems.items), ctx.requestId)
  if (!run.hasDefinition)
    throw flowExecutionError(
      at,
      ACTION,
      'there is no definition under test (svc-test found none; give --definition)',
      ctx.requestId,
    )
  const request = buildTestRequest(ctx, config, site)
  const timeout = config.request.options.timeout
  let response
  try {
    response = await run.exchange(ctx, request, timeout === undefined ? null : timeout * 1000)
  } catch (error) {
    if (error instanceof RaisedError) throw error
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError'
    const reason = timedOut
      ? `no response within ${timeout} s`
      : `the request failed: ${error instanceof Error ? error.message : String(error)}`
    throw flowExecutionError(at, ACTION, reason, ctx.requestId)
  }
  ctx.vars.set('status', [response.status])
  ctx.vars.set('response', [response.body.toString('utf8')])
  ctx.vars.set('headers', [oxnRoot(headersObject(response.rawHeaders))])
}

function firstError(problems: readonly ConfigProblem[]): string {
  return problems.find((problem) => problem.severity === 'error')?.message ?? 'invalid configuration'
}

/** The simulated client request: method, target, header fields, body (ACT-test-request-1, -2). */
export function buildTestRequest(ctx: FlowContext, config: TestRequestConfig, site: BodySite): InMemoryRequest {
  const { request } = config
  const body = buildBody(ctx, request, site)
  const method = request.method ?? (body !== null ? 'POST' : 'GET')
  const fields = new FieldList(DEFAULT_FIELDS)
  applyConfiguredHeaders(fields, request.headers)
  if (
    body !== null &&
    body.contentType !== null &&
    (body.forcedType || request.body?.mime != null || !fields.has('content-type'))
  )
    fields.set('Content-Type', body.contentType)
  applyCookies(fields, request.cookies)
  const headers = fields.entries().map(([name, value]) => [name, byteString(value)] as const)
  return { method, target: targetOf(config), headers, body: method === 'HEAD' || body === null ? null : body.bytes }
}

function buildBody(ctx: FlowContext, config: RequestConfig, site: BodySite): OutgoingBody | null {
  if (config.uploads !== null) return multipartBody(ctx, config.post, config.uploads, site)
  if (config.post !== null) return formBody(config.post, 'utf-8')
  if (config.body !== null) return rawBody(ctx, config.body, site)
  return null
}

/** `path` percent-encoded where HTTP needs it, with the `query` parameters added to its query. */
function targetOf(config: TestRequestConfig): string {
  const path = encodeTarget(config.path)
  const query = config.request.query
  if (query === null) return path
  const extra = query.kind === 'string' ? encodeQueryString(query.text, 'utf-8') : encodeForm(query.pairs, 'utf-8')
  if (extra === '') return path
  const question = path.indexOf('?')
  if (question < 0) return `${path}?${extra}`
  return path.endsWith('?') || path.endsWith('&') ? path + extra : `${path}&${extra}`
}

/** Characters a request line cannot carry (controls, space, non-ASCII) as UTF-8 percent escapes. */
function encodeTarget(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (c) =>
    [...Buffer.from(c, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  )
}

/** A header value as node writes it: one character per byte, non-ASCII as UTF-8 (UP-CFG-4). */
function byteString(value: string): string {
  return /[^\x00-\x7f]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value
}

/** `$headers` (ACT-test-request-4): lower-case names; a field sent several times is a list of strings. */
export function headersObject(rawHeaders: readonly string[]): JsonObject {
  const keys: string[] = []
  const values: (string | string[])[] = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    const value = decodeHeaderValue(rawHeaders[i + 1]!)
    const at = keys.indexOf(name)
    if (at < 0) {
      keys.push(name)
      values.push(value)
    } else {
      const earlier = values[at]!
      values[at] = typeof earlier === 'string' ? [earlier, value] : [...earlier, value]
    }
  }
  return new JsonObject(keys, values)
}
