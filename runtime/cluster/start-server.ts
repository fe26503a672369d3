/**
 * The entry every generated `server.ts` calls (operations.md CL9, CL10, CF3, LG8): reads process.env
 * (unless given another environment), refuses to start on an invalid value (one `svc_system` error
 * line, exit status 1), listens on HOST:PORT (bind failure: error line, exit 1), writes the
 * `listening` line with the port actually bound, and on SIGTERM/SIGINT shuts down gracefully and
 * exits 0. Uncaught errors are logged instead of ending the process. Only this function installs
 * process-wide handlers; createGateway never does.
 */
import cluster from 'node:cluster'

import type { CompiledApp } from '../app.js'
import { ConfigError, type Environment } from '../http/config.js'
import { createLogger, type LogSink } from '../log/logger.js'
import { writeSystemLine } from '../log/system.js'
import type { WorkerChannel } from '../metrics/instance-metrics.js'
import type { PrimaryChannel } from '../rate-limit/primary-store.js'
import { createGateway, type Gateway } from '../server/gateway.js'
import { startClusterPrimary } from './primary.js'
import type { RunningServer } from './running-server.js'

/**
 * A worker's IPC channel to the primary (rate limits for the whole instance, rate-limits.md RL9; the
 * instance's metrics, operations.md HL7).
 */
const PRIMARY_CHANNEL: PrimaryChannel & WorkerChannel = {
  send: (message) => process.send?.(message),
  on: (event, listener) => process.on(event, listener),
}

export interface StartOptions {
  /** Absolute path of the compiled site copy (`dist/site/`, CL2). */
  readonly siteRoot: string
  /** Default: process.env. */
  readonly env?: Environment
  /** Default: stderr. */
  readonly logSink?: LogSink
}

export async function startServer(app: CompiledApp, options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? process.env
  let gateway: Gateway
  try {
    gateway = createGateway(app, {
      siteRoot: options.siteRoot,
      env,
      logSink: options.logSink,
      ...(cluster.isWorker ? { primaryChannel: PRIMARY_CHANNEL, metricsChannel: PRIMARY_CHANNEL } : {}),
    })
  } catch (error) {
    const logger = createLogger(options.logSink)
    if (error instanceof ConfigError) writeSystemLine(logger, 'error', error.message, { variable: error.variable })
    else writeSystemLine(logger, 'error', `cannot start: ${error instanceof Error ? error.message : String(error)}`)
    return process.exit(1)
  }
  // SVC_WORKERS > 1: this primary process forks the workers and serves nothing itself (runtime/cluster)
  const primary = await startClusterPrimary(app, gateway, env)
  if (primary !== null) return primary
  const { host, port } = gateway.config
  let address: { host: string; port: number }
  try {
    await gateway.prepare()
    address = await gateway.listen()
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error))
    writeSystemLine(gateway.logger, 'error', `cannot listen on ${host}:${port}: ${code}`, { host, port })
    return process.exit(1)
  }
  writeSystemLine(gateway.logger, 'info', 'listening', {
    host: address.host,
    port: address.port,
    adminPort: gateway.adminAddress?.port,
    version: app.version,
    revision: app.revision,
    role: gateway.config.role ?? undefined,
  })
  const onSignal = (): void => {
    process.off('SIGTERM', onSignal)
    process.off('SIGINT', onSignal)
    void gateway.close().then(() => process.exit(0))
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  // PL19 and the pipeline's own guards keep requests from crashing the process; these catch what
  // escapes them (a stray promise in a flow) so that one request never stops the others.
  const onStray = (error: unknown): void => {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    writeSystemLine(gateway.logger, 'error', `uncaught error: ${detail}`, {
      stack: error instanceof Error ? error.stack : undefined,
    })
  }
  process.on('uncaughtException', onStray)
  process.on('unhandledRejection', onStray)
  return { host: address.host, port: address.port, gateway, close: () => gateway.close() }
}
