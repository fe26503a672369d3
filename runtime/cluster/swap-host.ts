/**
 * The server of `svc-compile --serve` (operations.md CL6, CL7, CL10): one node:http server that keeps
 * its port while the compiled application changes. Each build becomes its own gateway (created from
 * the one runtime module, so values such as Content and RaisedError never cross two copies of the
 * runtime); `install` swaps it in, requests already running finish on the gateway that took them, and
 * a swapped-out gateway closes its upstream pools once its last request ended. Metrics are shared by
 * all builds. Until the first successful build every request gets 503.
 *
 * Shutdown (CL10): `stopping`, the gateways marked stopping (health 503, `Connection: close`), idle
 * connections closed, running requests given SVC_SHUTDOWN_TIMEOUT, then `stopped`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { CompiledApp } from '../app.js'
import { type Environment, loadServerConfig, type ServerConfig } from '../http/config.js'
import { createLogger, type Logger, type LogSink } from '../log/logger.js'
import { writeSystemLine } from '../log/system.js'
import { GatewayMetrics } from '../metrics/gateway-metrics.js'
import { onClientError } from '../server/client-error.js'
import { createGateway, type Gateway, type ListeningAddress } from '../server/gateway.js'
import { applyServerLimits, httpServerOptions } from '../server/limits.js'
import { routeSpecialRequests } from '../server/special-requests.js'

export interface SwapHostOptions {
  /** The site root itself (CL6: no copy). */
  readonly siteRoot: string
  readonly env: Environment
  readonly logSink?: LogSink
}

/** Requests a gateway is running, and how to learn that the last one ended. */
class Tenancy {
  running = 0
  retired = false
  #idle: (() => void) | null = null
  readonly idle = new Promise<void>((resolve) => (this.#idle = resolve))

  ended(): void {
    if (--this.running === 0 && this.retired) this.#idle?.()
  }

  retire(): void {
    this.retired = true
    if (this.running === 0) this.#idle?.()
  }
}

const NO_BUILD = '{"status":"no successful build yet"}'

export class SwapHost {
  readonly config: ServerConfig
  readonly logger: Logger
  readonly metrics = new GatewayMetrics()
  readonly server: Server
  readonly #options: SwapHostOptions
  #current: { gateway: Gateway; tenancy: Tenancy } | null = null
  readonly #retiring: Promise<void>[] = []
  #closed: Promise<void> | undefined

  /** Throws ConfigError for an invalid environment value (CF3). */
  constructor(options: SwapHostOptions) {
    this.#options = options
    this.config = loadServerConfig(options.env)
    this.logger = createLogger(options.logSink)
    this.server = createServer(httpServerOptions(this.config), (req, res) => this.#dispatch(req, res))
    applyServerLimits(this.server, this.config)
    this.server.on('clientError', onClientError)
    routeSpecialRequests(this.server, (req, res) => this.#dispatch(req, res))
  }

  /** The gateway serving new requests, or null before the first successful build. */
  get gateway(): Gateway | null {
    return this.#current?.gateway ?? null
  }

  /**
   * Serves `app` from now on. Throws (ConfigError, an invalid key file of a security scheme, CL9) and
   * keeps the current build when the gateway cannot be made.
   */
  install(app: CompiledApp): Gateway {
    const gateway = createGateway(app, {
      siteRoot: this.#options.siteRoot,
      env: this.#options.env,
      logSink: this.#options.logSink,
      metrics: this.metrics,
    })
    const previous = this.#current
    this.#current = { gateway, tenancy: new Tenancy() }
    if (previous !== null) {
      previous.tenancy.retire()
      this.#retiring.push(previous.gateway.retire(previous.tenancy.idle))
    }
    return gateway
  }

  listen(): Promise<ListeningAddress> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error)
      this.server.once('error', onError)
      this.server.listen(this.config.port, this.config.host, () => {
        this.server.off('error', onError)
        const address = this.server.address() as AddressInfo
        resolve({ host: address.address, port: address.port })
      })
    })
  }

  /** CL10 without exiting the process. */
  close(): Promise<void> {
    if (this.#closed !== undefined) return this.#closed
    writeSystemLine(this.logger, 'info', 'stopping')
    const current = this.#current
    if (current !== null) {
      current.tenancy.retire()
      this.#retiring.push(current.gateway.retire(current.tenancy.idle))
    }
    this.#closed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.server.closeAllConnections(), this.config.shutdownTimeoutMs)
      this.server.close(() => {
        clearTimeout(timer)
        void Promise.all(this.#retiring).then(() => {
          writeSystemLine(this.logger, 'info', 'stopped')
          resolve()
        })
      })
      this.server.closeIdleConnections()
    })
    return this.#closed
  }

  #dispatch(req: IncomingMessage, res: ServerResponse): void {
    const current = this.#current
    if (current === null) {
      res.writeHead(503, {
        'Content-Type': 'application/json',
        'Content-Length': String(NO_BUILD.length),
        Server: 'svc-gateway',
      })
      res.end(NO_BUILD)
      return
    }
    const tenancy = current.tenancy
    tenancy.running++
    res.once('close', () => tenancy.ended())
    void current.gateway.dispatch(req, res)
  }
}
