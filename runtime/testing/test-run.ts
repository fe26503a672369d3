/**
 * One svc-test file at run time (operations.md TS4-TS10, actions.md ACT-test-1, ACT-test-2): a fresh
 * gateway for the application under test, whose services carry this run as their test hooks
 * (hooks.ts), and everything the file accumulates — the variables shared by the test flow, its
 * application requests and backend flows; the environment with its `set-env` overrides; the
 * registered backend flows; the assertion results; the access-log fields of the last application
 * request. Nothing survives the file (TS9): the next file gets a new TestRun.
 */
import type { CompiledApp } from '../app.js'
import type { FlowFunction } from '../context/completion.js'
import { FlowContext } from '../context/flow-context.js'
import type { TestRunHooks } from '../context/test-run-hooks.js'
import { VariableStore } from '../context/variables.js'
import { attachDebugSession } from '../debug/flow-debug.js'
import { DebugSession } from '../debug/session.js'
import { flowExecutionError } from '../errors/raised-error.js'
import type { Environment } from '../http/config.js'
import type { LogSink } from '../log/logger.js'
import { stderrSink } from '../log/stderr-sink.js'
import { oxnRoot, parseJson } from '../oxn/index.js'
import { createGateway, type Gateway } from '../server/gateway.js'
import { buildEnvObject } from '../server/server-variables.js'
import type { Sequence } from '../values/item.js'
import { JsonObject } from '../values/json-value.js'
import { BackendDispatcher } from './backend-dispatcher.js'
import type { Comparison } from './compare.js'
import { exchangeInMemory, type InMemoryRequest, type InMemoryResponse } from './in-memory-exchange.js'

export interface TestRunOptions {
  readonly app: CompiledApp
  /** The site root (the definition's directory) files are read from. */
  readonly siteRoot: string
  /** The environment every file starts with (CF2, TS7). */
  readonly env: Environment
  /** False when svc-test found no definition (TS2): `test-request` then fails. */
  readonly hasDefinition: boolean
  /** Where log lines go; default: stderr (TS1). */
  readonly logSink?: LogSink
}

/** Where and what an assertion checked, as its `assert` action knows it. */
export interface AssertionSite {
  /** The expression as written. */
  readonly expression: string
  /** The assertion's message, or null. */
  readonly message: string | null
  /** Site-relative `file:line:col` of the assertion (static body) or of its `<assert>` (dynamic body). */
  readonly at: string
}

/** One executed assertion (ACT-test-1); `index` counts from 1 in execution order. */
export interface AssertionResult extends Comparison, AssertionSite {
  readonly index: number
  /** The assertion's message, else its expression. */
  readonly label: string
}

export interface TestOutcome {
  readonly assertions: readonly AssertionResult[]
  /** What the test flow raised (a RaisedError, or an internal failure), or null. */
  readonly error: unknown
  /** The file ran longer than its timeout (TS10). */
  readonly timedOut: boolean
  /** Method and target of the first `test-request`, for the TAP label (TS11); null when none ran. */
  readonly firstRequest: { readonly method: string; readonly target: string } | null
}

/** The test run of a flow context, or an RF when the flow does not run under svc-test. */
export function currentTestRun(ctx: FlowContext, at: string, action: string): TestRun {
  const run = ctx.gateway.testRun
  if (run instanceof TestRun) return run
  throw flowExecutionError(at, action, 'test actions run only under svc-test', ctx.requestId)
}

export class TestRun implements TestRunHooks {
  readonly vars = new VariableStore()
  env: Sequence
  accessLog: JsonObject | null = null
  readonly gateway: Gateway
  readonly hasDefinition: boolean
  /** The environment this file's gateway reads; `set-env` changes it (never process.env). */
  readonly #environment: Record<string, string | undefined>
  readonly #backendFlows = new Map<string | null, FlowFunction>()
  readonly #backendContexts = new WeakSet<FlowContext>()
  readonly #results: AssertionResult[] = []
  #firstRequest: TestOutcome['firstRequest'] = null
  #turn: Promise<unknown> = Promise.resolve()
  /** The access line written while a `test-request` runs (operations.md LG3), parsed. */
  #captured: JsonObject | null = null
  #capturing = false

  /** Throws ConfigError when the environment is invalid for the gateway (CF3). */
  constructor(options: TestRunOptions) {
    this.hasDefinition = options.hasDefinition
    this.#environment = { ...options.env }
    const sink = options.logSink ?? stderrSink()
    this.gateway = createGateway(options.app, {
      siteRoot: options.siteRoot,
      env: this.#environment,
      logSink: (line) => {
        if (this.#capturing) this.#capture(line)
        sink(line)
      },
      testRun: this,
    })
    this.env = this.gateway.services.env
  }

  /** Runs the test flow; resolves when it ended, failed or ran out of time (`timeoutMs`). */
  async run(flow: FlowFunction, timeoutMs: number): Promise<TestOutcome> {
    const services = this.gateway.services
    const controller = new AbortController()
    const ctx = new FlowContext(services, this.gateway.ids.next(undefined), controller.signal, this.vars)
    // ACT-test-2: `$request`, `$body`, `$upstream`, `$error` undefined; `$env`, `$server` as in the server
    ctx.vars.set('server', services.server)
    ctx.vars.set('env', this.env)
    const settings = services.debug
    const session = settings === undefined ? null : new DebugSession(settings, settings.defaultConfig, ctx.requestId)
    attachDebugSession(ctx, session)
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), timeoutMs)))
    const running = flow(ctx).then(() => 'done' as const)
    // a flow still running after the timeout may fail later: nobody waits for it then
    running.catch(() => undefined)
    let error: unknown = null
    let timedOut = false
    try {
      timedOut = (await Promise.race([running, expired])) === 'expired'
    } catch (thrown) {
      error = thrown
    } finally {
      clearTimeout(timer)
      if (timedOut) controller.abort(new Error('the test file timed out'))
      session?.finish()
    }
    return { assertions: [...this.#results], error, timedOut, firstRequest: this.#firstRequest }
  }

  /** Closes the gateway's upstream connections. */
  close(): Promise<void> {
    return this.gateway.retire(Promise.resolve())
  }

  recordAssertion(site: AssertionSite, comparison: Comparison): void {
    const label = site.message ?? site.expression.trim()
    this.#results.push({ index: this.#results.length + 1, label, ...site, ...comparison })
  }

  /** ACT-set-env-2: applies the overrides (null removes) and rebuilds `$env`. */
  overrideEnv(overrides: readonly (readonly [string, string | null])[]): void {
    for (const [name, value] of overrides) {
      if (value === null) delete this.#environment[name]
      else this.#environment[name] = value
    }
    this.env = Object.freeze([oxnRoot(buildEnvObject(this.#environment))])
  }

  // ---- test-request (ACT-test-request-2, -3) ----

  /**
   * Sends an application request in process. `$request` and `$body` of the test flow are kept aside
   * while it runs; `$upstream` and `$error` start undefined, so afterwards they describe it.
   */
  async exchange(ctx: FlowContext, request: InMemoryRequest, timeoutMs: number | null): Promise<InMemoryResponse> {
    this.#firstRequest ??= { method: request.method, target: request.target }
    const vars = this.vars
    const saved = {
      request: vars.has('request') ? vars.get('request') : null,
      body: vars.has('body') ? vars.get('body') : null,
    }
    vars.delete('upstream')
    vars.delete('error')
    this.#captured = null
    this.#capturing = true
    const signal = timeoutMs === null ? ctx.signal : AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)])
    try {
      return await exchangeInMemory(this.gateway.server, request, signal)
    } finally {
      this.#capturing = false
      this.accessLog = this.#captured
      for (const [name, value] of Object.entries(saved)) {
        if (value === null) vars.delete(name)
        else vars.set(name, value)
      }
    }
  }

  #capture(line: string): void {
    if (!line.includes('"type":"svc_access"')) return
    const parsed = parseJson(line.trim())
    if (!(parsed instanceof JsonObject)) return
    const keep = parsed.keys.map((key, i) => [key, i] as const).filter(([key]) => key !== 'timestamp' && key !== 'type')
    this.#captured = new JsonObject(
      keep.map(([key]) => key),
      keep.map(([, i]) => parsed.values[i]!),
    )
  }

  // ---- backend flows (ACT-backend-flow-1 .. -6) ----

  registerBackendFlow(id: string | null, flow: FlowFunction): void {
    this.#backendFlows.set(id, flow)
  }

  /** The flow for request `id`, else the catch-all. */
  backendFlowFor(id: string): FlowFunction | undefined {
    return this.#backendFlows.get(id) ?? this.#backendFlows.get(null)
  }

  backendDispatcher(ctx: FlowContext, id: string): BackendDispatcher | null {
    return this.#backendFlows.size === 0 ? null : new BackendDispatcher(this, ctx, id)
  }

  /** Marks the context of a running backend flow (its own upstream requests are answered at once). */
  enterBackendFlow(ctx: FlowContext): void {
    this.#backendContexts.add(ctx)
  }

  /**
   * ACT-backend-flow-5: runs `task` after the answers requested before it; a request made inside a
   * backend flow is answered at once (waiting would wait for itself).
   */
  inTurn<T>(caller: FlowContext, task: () => Promise<T>): Promise<T> {
    if (this.#backendContexts.has(caller)) return task()
    const result = this.#turn.then(task)
    this.#turn = result.catch(() => undefined)
    return result
  }
}
