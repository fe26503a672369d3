/**
 * Answering an upstream request with a backend flow (actions.md ACT-backend-flow-2 .. ACT-backend-flow-5,
 * operations.md TS8): an undici dispatcher that the upstream client uses instead of a connection pool
 * (runtime/upstream/call.ts), so the answer passes normal upstream processing (redirects, the
 * `svc_request` line, validation, `$upstream`, content storage). While the flow runs, `$request`
 * describes the upstream request (`purpose` `backend`) and `$body` its body; both are restored
 * afterwards. The flow's own response state becomes the answer; an error raised in it answers with
 * `$error/status` and the system error document. No backend flow for the ID: error 3101
 * (`no backend flow registered`, log `errorName` ENOBACKEND).
 */
import type { Readable } from 'node:stream'

import { Dispatcher } from 'undici'

import type { FlowFunction } from '../context/completion.js'
import { FlowContext } from '../context/flow-context.js'
import type { VariableStore } from '../context/variables.js'
import { attachDebugSession } from '../debug/flow-debug.js'
import { errorStatusOf, renderErrorDocument, sendableStatus } from '../errors/error-document.js'
import { gatewayErrorObject, RaisedError } from '../errors/raised-error.js'
import { renderFlowResponse } from '../server/send.js'
import { transportFailure, UpstreamFailureError } from '../upstream/failure.js'
import { backendRequestRecord, backendRequestVariable } from './backend-request.js'

/** The upstream response a backend flow produced. */
interface BackendAnswer {
  readonly status: number
  /** Names and values; values as UTF-8 bytes. */
  readonly rawHeaders: Buffer[]
  readonly body: Buffer
}

/** The handler methods undici calls on a dispatch handler (runtime/upstream/hop.ts implements them). */
interface HopHandler {
  onConnect?(abort: (error: Error) => void): void
  onRequestSent?(): void
  onHeaders?(status: number, rawHeaders: Buffer[], resume: () => void): boolean
  onData?(chunk: Buffer): boolean
  onComplete?(trailers: string[] | null): void
  onError?(error: Error): void
}

/** Header fields the gateway writes itself (runtime/http/write-response.ts). */
const GATEWAY_OWNED = new Set(['server', 'date', 'content-length', 'transfer-encoding', 'connection', 'content-type'])

/** What a backend dispatcher uses of its test run (test-run.ts), declared here so that the two need not import each other. */
export interface BackendFlowHost {
  /** The variables the flows of the test file share (operations.md TS6). */
  readonly vars: VariableStore
  backendFlowFor(id: string): FlowFunction | undefined
  enterBackendFlow(ctx: FlowContext): void
  inTurn<T>(caller: FlowContext, task: () => Promise<T>): Promise<T>
}

/** Answers the hops of one upstream request (`id`, made in `caller`) with the test file's backend flows. */
export class BackendDispatcher extends Dispatcher {
  constructor(
    readonly run: BackendFlowHost,
    readonly caller: FlowContext,
    readonly id: string,
  ) {
    super()
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const hop = handler as HopHandler
    let aborted = false
    hop.onConnect?.(() => (aborted = true))
    const flow = this.run.backendFlowFor(this.id)
    if (flow === undefined) {
      hop.onError?.(new UpstreamFailureError(transportFailure('no backend flow registered', 'ENOBACKEND')))
      return true
    }
    // ACT-backend-flow-5: answers come one after another, in the order the requests were sent
    this.run
      .inTurn(this.caller, () => this.#answer(flow, options))
      .then(
        (answer) => {
          if (aborted) return
          hop.onRequestSent?.()
          hop.onHeaders?.(answer.status, answer.rawHeaders, () => {})
          if (answer.body.length > 0) hop.onData?.(answer.body)
          hop.onComplete?.(null)
        },
        (error: unknown) => hop.onError?.(error instanceof Error ? error : new Error(String(error))),
      )
    return true
  }

  async #answer(flow: FlowFunction, options: Dispatcher.DispatchOptions): Promise<BackendAnswer> {
    const body = await bodyBytes(options.body)
    const caller = this.caller
    const record = backendRequestRecord(caller.requestId, options, body)
    const ctx = new FlowContext(caller.gateway, caller.requestId, caller.signal, this.run.vars)
    ctx.request = record
    attachDebugSession(ctx, caller.debugSession)
    const vars = this.run.vars
    const saved = {
      request: vars.has('request') ? vars.get('request') : null,
      body: vars.has('body') ? vars.get('body') : null,
    }
    vars.set('request', backendRequestVariable(record))
    vars.set('body', [record.body])
    this.run.enterBackendFlow(ctx)
    try {
      await flow(ctx)
      return renderedAnswer(ctx)
    } catch (thrown) {
      const error =
        thrown instanceof RaisedError
          ? thrown.errorObject
          : gatewayErrorObject('FLOW_EXECUTION', ['Internal error'], ctx.requestId)
      const text = Buffer.from(renderErrorDocument(error, ctx.requestId, ctx.gateway.errorDetails), 'utf8')
      return { status: errorStatusOf(error), rawHeaders: field('Content-Type', 'application/json'), body: text }
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === null) vars.delete(name)
        else vars.set(name, value)
      }
    }
  }
}

/** ACT-backend-flow-4: status, header fields, body (F-RESP-4) and Content-Type (F-RESP-5). */
function renderedAnswer(ctx: FlowContext): BackendAnswer {
  ctx.response.passed?.discard()
  const response = renderFlowResponse(ctx)
  const rawHeaders: Buffer[] = []
  for (const [name, value] of response.headers) {
    if (!GATEWAY_OWNED.has(name.toLowerCase())) rawHeaders.push(...field(name, value))
  }
  if (response.contentType !== null) rawHeaders.push(...field('Content-Type', response.contentType))
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : Buffer.from(response.body)
  rawHeaders.push(...field('Content-Length', String(body.length)))
  return { status: sendableStatus(response.status), rawHeaders, body }
}

function field(name: string, value: string): Buffer[] {
  return [Buffer.from(name, 'latin1'), Buffer.from(value, 'utf8')]
}

/** The upstream request body as bytes (a streamed client body is read to its end). */
async function bodyBytes(body: Dispatcher.DispatchOptions['body']): Promise<Buffer> {
  if (body === null || body === undefined) return Buffer.alloc(0)
  if (typeof body === 'string') return Buffer.from(body, 'utf8')
  if (Buffer.isBuffer(body)) return body
  if (body instanceof Uint8Array) return Buffer.from(body)
  const chunks: Buffer[] = []
  for await (const chunk of body as Readable)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}
