/**
 * A gateway instance (architecture: everything with a lifetime hangs off it): configuration read once
 * from the environment object it is given (CF2, CF3), the logger, `$server`/`$env` (SV1, F-VAR-14),
 * request ids (LG2) and a node:http server running the pipeline. Two gateways in one process never
 * share state, and creating one touches no process-global state (no signal handlers; see
 * start-server.ts). `close()` is the graceful shutdown of operations.md CL10.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { CompiledApp } from '../app.js'
import { createSecurityRuntime, type SecurityRuntime } from '../auth/security-runtime.js'
import type { GatewayServices } from '../context/flow-context.js'
import type { TestRunHooks } from '../context/test-run-hooks.js'
import { createDebugSettings } from '../debug/settings.js'
import { GatewayOperations } from '../health/operations.js'
import { ConfigError, type Environment, loadServerConfig, type ServerConfig } from '../http/config.js'
import { createLogger, type Logger, type LogSink } from '../log/logger.js'
import { writeSystemLine } from '../log/system.js'
import type { GatewayMetrics } from '../metrics/gateway-metrics.js'
import type { WorkerChannel } from '../metrics/instance-metrics.js'
import { ProcessMetrics } from '../metrics/process-metrics.js'
import { upstreamLineCounter } from '../metrics/upstream-lines.js'
import { oxnRoot } from '../oxn/index.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import type { PrimaryChannel } from '../rate-limit/primary-store.js'
import type { RateLimitTable } from '../rate-limit/table.js'
import { parseTrustedProxies, type TrustedProxies } from '../request-key/trusted-proxies.js'
import { RedisConnection } from '../store/redis-connection.js'
import { readTracingConfig, type TracingConfig } from '../tracing/config.js'
import { loadTracer } from '../tracing/load-tracer.js'
import type { GatewayTracer } from '../tracing/tracer.js'
import { connectCollector } from '../upstream/collector-post.js'
import { RedisResponseCache } from '../upstream/redis-response-cache.js'
import { UpstreamServices } from '../upstream/services.js'
import { createValidationRuntime, type ValidationRuntime } from '../validate/modes.js'
import { FunctionCaches } from '../xpath/functions/caches.js'
import { XsltEngine } from '../xslt/engine.js'
import { answerLastResort } from './answer-error.js'
import { readArrival } from './arrival.js'
import { onClientError } from './client-error.js'
import { Exchange, type GatewayCore } from './exchange.js'
import { applyServerLimits, httpServerOptions, refuseAtHttpLayer } from './limits.js'
import { handleExchange } from './pipeline.js'
import { RequestIdSource } from './request-id.js'
import { buildEnvObject, buildServerObject } from './server-variables.js'
import { routeSpecialRequests } from './special-requests.js'

export interface GatewayOptions {
  /** Absolute path of the compiled site copy (operations.md CL2). */
  readonly siteRoot: string
  /** The environment (CF2); default: empty. startServer passes process.env. */
  readonly env?: Environment
  /** Where log lines go; default: stderr (LG1). */
  readonly logSink?: LogSink
  /** Process start time for `$server/started`; default: the process's own start. */
  readonly started?: Date
  /** Metrics to count into (operations.md HL4); default: new ones. Serve mode keeps them across rebuilds. */
  readonly metrics?: GatewayMetrics
  /** The svc-test file this gateway runs (operations.md TS6-TS8); absent for a server. */
  readonly testRun?: TestRunHooks
  /** In a worker of `SVC_WORKERS`: the channel to the primary, which keeps the instance's rate limits (RL9). */
  readonly primaryChannel?: PrimaryChannel
  /** In a worker of `SVC_WORKERS`: the channel over which the primary gathers every worker's metrics (HL7). */
  readonly metricsChannel?: WorkerChannel
}

export interface ListeningAddress {
  readonly host: string
  readonly port: number
}

export class Gateway implements GatewayCore {
  readonly config: ServerConfig
  readonly logger: Logger
  readonly services: GatewayServices
  readonly ids: RequestIdSource
  readonly server: Server
  readonly security: SecurityRuntime | null
  readonly validation: ValidationRuntime
  readonly rateLimiter: RateLimiter | null
  /** The connection to Redis when SVC_REDIS_URL or SVC_REDIS_CLUSTER_NODES is set (RL7, UP-CACHE-8). */
  readonly redis: RedisConnection | null
  /** Metrics, status credentials, mocking (runtime/health, operations.md HL1-HL4, MK1). */
  readonly operations: GatewayOperations
  /** The tracing configuration when the OTEL_* variables turn tracing on (operations.md TR1); else null. */
  readonly tracing: TracingConfig | null
  #tracer: GatewayTracer | null = null
  #stopping = false
  #closed: Promise<void> | undefined
  readonly #upstream: UpstreamServices
  /** SVC_ADMIN_PORT (operations.md HL6): the server of the reserved endpoints alone; null without. */
  readonly #adminServer: Server | null
  #listening = false

  /** Throws ConfigError for an invalid environment value (CF3). */
  constructor(
    readonly app: CompiledApp,
    options: GatewayOptions,
  ) {
    const env = options.env ?? {}
    this.config = loadServerConfig(env)
    this.tracing = readTracingConfig(env)
    this.validation = createValidationRuntime(app.validation, env)
    this.operations = new GatewayOperations(this.config, options.metrics)
    if (options.metricsChannel !== undefined) this.operations.status?.instance.linkTo(options.metricsChannel)
    const metrics = this.operations.metrics
    this.logger = createLogger(options.logSink, metrics === null ? undefined : upstreamLineCounter(metrics))
    const server = buildServerObject({
      role: this.config.role,
      version: app.version,
      revision: app.revision,
      started: options.started ?? new Date(performance.timeOrigin),
    })
    this.redis = createRedisConnection(this.config, this.logger, metrics, app.rateLimits !== undefined)
    const trustedProxies = readTrustedProxies(this.config)
    this.#upstream = new UpstreamServices(this.config, options.siteRoot, app.upstreamDefinitions, {
      ...(this.redis === null ? {} : { cache: new RedisResponseCache(this.redis, this.config.redisPrefix) }),
      pools: app.upstreamPools?.instantiate(env, this.logger, trustedProxies) ?? null,
    })
    const instance = this.operations.status?.instance
    if (instance !== undefined) instance.breakers = () => this.#upstream.breakerStates()
    this.services = Object.freeze({
      siteRoot: options.siteRoot,
      logger: this.logger,
      env: Object.freeze([oxnRoot(buildEnvObject(env))]),
      server: Object.freeze([oxnRoot(server)]),
      errorDetails: this.config.errorDetails,
      functionCaches: new FunctionCaches(options.siteRoot),
      upstream: this.#upstream,
      debug: createDebugSettings(env, this.logger),
      ...(app.xslt ? { xslt: new XsltEngine(app.xslt) } : {}),
      ...(options.testRun ? { testRun: options.testRun } : {}),
    })
    this.ids = new RequestIdSource(this.config.uidFormat, this.config.trustRequestId, this.config.requestIdHeader)
    this.rateLimiter =
      app.rateLimits === undefined
        ? null
        : createRateLimiter(app.rateLimits, this.config, trustedProxies, this.redis, options.primaryChannel)
    // Reads the file sources of security schemes; an invalid one stops the start (operations.md CL9).
    this.security = app.security
      ? createSecurityRuntime(app.security, { siteRoot: options.siteRoot, env, logger: this.logger })
      : null
    this.server = createServer(httpServerOptions(this.config), (req, res) => void this.#handle(req, res))
    applyServerLimits(this.server, this.config)
    this.server.on('clientError', onClientError)
    routeSpecialRequests(this.server, (req, res) => this.#handle(req, res))
    this.#adminServer =
      this.config.adminPort === null ? null : createServer((req, res) => void this.#handle(req, res, true))
  }

  get stopping(): boolean {
    return this.#stopping
  }

  /** The tracer once startTracing() loaded it (operations.md TR1); null with tracing off. */
  get tracer(): GatewayTracer | null {
    return this.#tracer
  }

  /**
   * What a served gateway loads before it listens: the tracer when tracing is on (TR1) and the process
   * metrics where metrics are kept (HL7).
   */
  async prepare(): Promise<void> {
    const instance = this.operations.status?.instance
    const processMetrics = instance === undefined ? undefined : ProcessMetrics.start()
    await this.startTracing()
    if (instance !== undefined) instance.process = await processMetrics!
  }

  /** Loads the tracer when tracing is on (TR1); the gateway traces the requests that arrive afterwards. */
  async startTracing(): Promise<void> {
    const config = this.tracing
    if (config === null || this.#tracer !== null) return
    const metrics = this.operations.metrics
    this.#tracer = await loadTracer({
      config,
      version: this.app.version,
      counters: metrics?.traceCounters() ?? { spansDropped: () => undefined, exportFailed: () => undefined },
      flushTimeoutMs: Math.min(config.batch.exportTimeoutMillis, this.config.shutdownTimeoutMs),
      collector: connectCollector,
    })
  }

  /** HL5: ready once listening and, when Redis is configured, once it answered; stopping after close(). */
  get readiness(): 'starting' | 'ready' | 'stopping' {
    if (this.#stopping) return 'stopping'
    return this.#listening && (this.redis === null || this.redis.answered) ? 'ready' : 'starting'
  }

  /** The admin port's bound address (HL6), or null without one or before listen(). */
  get adminAddress(): ListeningAddress | null {
    const address = this.#adminServer?.address() as AddressInfo | null | undefined
    return address == null ? null : { host: address.address, port: address.port }
  }

  /** The bound address, or null before listen(). */
  get address(): ListeningAddress | null {
    const address = this.server.address() as AddressInfo | null
    return address === null ? null : { host: address.address, port: address.port }
  }

  /**
   * Listens on HOST:PORT (CF1; PORT 0 picks a free port), and on SVC_ADMIN_PORT when set (HL6). Rejects
   * when a port cannot be bound.
   */
  async listen(): Promise<ListeningAddress> {
    if (this.#adminServer !== null) await listenOn(this.#adminServer, this.config.adminPort!, this.config.host)
    await listenOn(this.server, this.config.port, this.config.host)
    this.#listening = true
    return this.address!
  }

  /**
   * CL10: stops accepting, closes idle keep-alive connections, lets running requests finish (their
   * responses carry `Connection: close`) for up to SVC_SHUTDOWN_TIMEOUT, then aborts the rest.
   * Resolves when every connection is closed; writes the `stopping` and `stopped` lines (LG8).
   */
  close(): Promise<void> {
    if (this.#closed !== undefined) return this.#closed
    this.#stopping = true
    writeSystemLine(this.logger, 'info', 'stopping')
    this.#closed = new Promise((resolve) => {
      const timer = setTimeout(() => this.server.closeAllConnections(), this.config.shutdownTimeoutMs)
      this.#adminServer?.close()
      this.#adminServer?.closeAllConnections()
      this.server.close(() => {
        clearTimeout(timer)
        // Upstream connection pools close once the last client exchange is done.
        void this.standDown().then(() => {
          writeSystemLine(this.logger, 'info', 'stopped')
          resolve()
        })
      })
      this.server.closeIdleConnections()
    })
    return this.#closed
  }

  /** Serve mode (runtime/cluster/swap-host.ts): handles a request that the host's own server received. */
  dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return this.#handle(req, res)
  }

  /**
   * Serve mode: the host stops, or this gateway was swapped out for a new build. Marks it stopping
   * (health 503, `Connection: close`; CL10) and closes its upstream pools once `idle` resolves (its
   * last request ended). Writes no system lines: the host does.
   */
  async retire(idle: Promise<void>): Promise<void> {
    this.#stopping = true
    await idle
    await this.standDown()
  }

  /**
   * Closes what serving holds: connection pools, the pools' health checks, the Redis connection. Also
   * called in the primary of `SVC_WORKERS`, which serves no request (the workers have their own).
   */
  standDown(): Promise<void> {
    return Promise.all([this.#upstream.close(), this.redis?.close(), this.#tracer?.shutdown()]).then(() => undefined)
  }

  async #handle(req: IncomingMessage, res: ServerResponse, admin = false): Promise<void> {
    // SVC_MAX_URL_LENGTH, repeated Host: refused at the HTTP layer like PL19, before a request id exists
    if (refuseAtHttpLayer(req, res, this.config)) return
    let requestId: string | undefined
    try {
      const arrival = readArrival(this, req)
      requestId = arrival.record.id
      await handleExchange(new Exchange(this, req, res, arrival.record, admin), arrival.refusal)
    } catch (error) {
      answerLastResort(this.logger, res, requestId, error)
    }
  }
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

/** The connection shared by rate limits and the upstream cache, when Redis is configured (RL7, RL8). */
function createRedisConnection(
  config: ServerConfig,
  logger: Logger,
  metrics: GatewayMetrics | null,
  rateLimited: boolean,
): RedisConnection | null {
  if (config.redisUrl === null && config.redisClusterNodes === null) return null
  const uncached = 'upstream responses are not cached'
  const settings = {
    url: config.redisUrl,
    clusterNodes: config.redisClusterNodes,
    timeoutMs: config.redisTimeoutMs,
    fallbackText: rateLimited
      ? `rate limits use the ${config.rateLimitOnStoreError} fallback and ${uncached}`
      : uncached,
    onError: () => metrics?.storeError('redis'),
  }
  return new RedisConnection(settings, logger)
}

/** SVC_TRUSTED_PROXIES; throws ConfigError for an invalid list (CF3). */
function readTrustedProxies(config: ServerConfig): TrustedProxies {
  const trusted = parseTrustedProxies(config.trustedProxies)
  if (typeof trusted !== 'string') return trusted
  throw new ConfigError(
    'SVC_TRUSTED_PROXIES',
    config.trustedProxies,
    `comma-separated IP addresses and CIDRs: ${trusted}`,
  )
}

/** The gateway's rate limiter. */
function createRateLimiter(
  table: RateLimitTable,
  config: ServerConfig,
  trusted: TrustedProxies,
  redis: RedisConnection | null,
  primary: PrimaryChannel | undefined,
): RateLimiter {
  const store = {
    redis:
      redis === null ? null : { connection: redis, prefix: config.redisPrefix, fallback: config.rateLimitOnStoreError },
  }
  return table.limiter(trusted, primary === undefined ? store : { ...store, primary })
}

/** A gateway for `app`, not yet listening (tests: port 0 on 127.0.0.1 through `options.env`). */
export function createGateway(app: CompiledApp, options: GatewayOptions): Gateway {
  return new Gateway(app, options)
}
