/**
 * The start of a clustered server (SVC_WORKERS > 1): in the primary process, `startServer` hands over
 * here after the configuration was checked (CF3, CL9) and before anything listens. The primary runs
 * the worker supervisor and the signal handling of CL10; workers run `startServer` normally.
 */
import type { Serializable } from 'node:child_process'
import cluster from 'node:cluster'

import type { CompiledApp } from '../app.js'
import { ConfigError, type Environment } from '../http/config.js'
import { writeSystemLine } from '../log/system.js'
import { PrimaryMetricsGatherer } from '../metrics/instance-metrics.js'
import { MemoryRateLimiter } from '../rate-limit/gcra.js'
import { answerLimitRequest } from '../rate-limit/primary-store.js'
import type { Gateway } from '../server/gateway.js'
import type { RunningServer } from './running-server.js'
import { superviseWorkers } from './supervise-workers.js'
import { readWorkerCount } from './worker-count.js'

function answerWorkersLimits(store: MemoryRateLimiter): void {
  cluster.on('message', (worker, message: unknown) => {
    const reply = answerLimitRequest(store, message)
    if (reply !== null) worker.send(reply)
  })
}

function gatherWorkersMetrics(): void {
  const gatherer = new PrimaryMetricsGatherer(() =>
    Object.values(cluster.workers ?? {})
      .filter((worker) => worker !== undefined && worker.isConnected())
      .map((worker) => ({ id: worker!.id, send: (message: unknown) => void worker!.send(message as Serializable) })),
  )
  cluster.on('message', (worker, message: unknown) => {
    gatherer.message({ id: worker.id, send: (reply) => void worker.send(reply as Serializable) }, message)
  })
}

/** The running primary, or null when this process serves requests itself (no cluster, or a worker). */
export async function startClusterPrimary(
  app: CompiledApp,
  gateway: Gateway,
  env: Environment,
): Promise<RunningServer | null> {
  if (!cluster.isPrimary) return null
  let count: number
  try {
    count = readWorkerCount(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    writeSystemLine(gateway.logger, 'error', error.message, { variable: error.variable })
    return process.exit(1)
  }
  if (count <= 1) return null
  const { host, port, role } = gateway.config
  // RL9: without Redis, the workers' rate limits are decided here, for the instance as a whole
  const { redisUrl, redisClusterNodes } = gateway.config
  if (app.rateLimits !== undefined && redisUrl === null && redisClusterNodes === null) {
    answerWorkersLimits(new MemoryRateLimiter())
  }
  // HL7: a worker answering a scrape asks here for every worker's counters
  if (gateway.operations.metrics !== null) gatherWorkersMetrics()
  // the primary serves no request: its gateway lets go of Redis, health checks and connection pools
  void gateway.standDown()
  const supervisor = await superviseWorkers(count, {
    logger: gateway.logger,
    host,
    port,
    version: app.version,
    revision: app.revision,
    role,
  })
  const onSignal = (): void => {
    process.off('SIGTERM', onSignal)
    process.off('SIGINT', onSignal)
    void supervisor.close().then(() => process.exit(0))
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  return { host: supervisor.host, port: supervisor.port, gateway, close: () => supervisor.close() }
}
