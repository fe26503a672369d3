/**
 * The primary process of a multi-core server (SVC_WORKERS > 1, issue 7): forks the workers with
 * node:cluster (each runs the same bundle and serves the shared port; the primary serves nothing),
 * writes one `listening` system line (operations.md LG8, with `workers`) once every worker listens,
 * and replaces a worker that dies (operations.md CL13): an `error` system line `worker exited`, a `worker restart`
 * line with the delay, then `worker restarted` once the new one listens. The delay doubles with each
 * death in a row of a worker that lived less than STABLE_MS (100 ms, 200 ms, … at most 10 s) and
 * starts over once one lived longer; after GIVE_UP_AFTER such deaths in a row (a worker that throws at
 * start, a port it cannot bind) the primary stops the others, writes `workers keep dying` and exits
 * with status 1. On SIGTERM or SIGINT the workers shut down gracefully (CL10) and the primary exits 0
 * when the last one is gone, bracketed by `stopping` and `stopped`.
 */
import cluster, { type Worker } from 'node:cluster'

import type { Logger } from '../log/logger.js'
import { writeSystemLine } from '../log/system.js'
import { workerExecArgv } from './worker-flags.js'

/** A worker that lived this long ends a run of early deaths. */
const STABLE_MS = 10_000
const RESTART_BASE_MS = 100
const RESTART_MAX_MS = 10_000
/** Early deaths in a row after which the primary gives up. */
const GIVE_UP_AFTER = 5

/** The delay before replacing a worker after `deaths` early deaths in a row (1 for the first). */
export function restartDelayMs(deaths: number): number {
  return Math.min(RESTART_BASE_MS * 2 ** Math.max(0, deaths - 1), RESTART_MAX_MS)
}

export interface SupervisorFacts {
  readonly logger: Logger
  readonly host: string
  readonly port: number
  readonly version: string
  readonly revision: string
  readonly role: string | null
}

export interface Supervisor {
  readonly host: string
  readonly port: number
  /** Worker process ids, current ones. */
  pids(): number[]
  /** Stops every worker gracefully; resolves when all have exited. */
  close(): Promise<void>
}

/** Forks `count` workers; resolves once all of them listen. */
export function superviseWorkers(count: number, facts: SupervisorFacts): Promise<Supervisor> {
  const { logger } = facts
  const listened = new Set<number>()
  let stopping = false
  let started = false
  let bound = { host: facts.host, port: facts.port }
  /** Date.now() at each live worker's fork, by worker id. */
  const forkedAt = new Map<number, number>()
  let earlyDeaths = 0
  const fork = (): void => {
    const worker = cluster.fork()
    forkedAt.set(worker.id, Date.now())
  }
  let allExited: (() => void) | null = null
  const exited = new Promise<void>((resolve) => (allExited = resolve))

  const live = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined)
  const close = (): Promise<void> => {
    if (!stopping) {
      stopping = true
      writeSystemLine(logger, 'info', 'stopping')
      for (const worker of live()) worker.process.kill('SIGTERM')
      if (live().length === 0) allExited?.()
    }
    return exited.then(() => writeSystemLine(logger, 'info', 'stopped'))
  }

  return new Promise((resolve) => {
    cluster.on('listening', (worker, address) => {
      const first = !listened.has(worker.id)
      listened.add(worker.id)
      bound = { host: address.address ?? facts.host, port: address.port }
      if (!started && listened.size === count) {
        started = true
        writeSystemLine(logger, 'info', 'listening', {
          host: bound.host,
          port: bound.port,
          version: facts.version,
          revision: facts.revision,
          role: facts.role ?? undefined,
          workers: count,
        })
        resolve({ host: bound.host, port: bound.port, pids: () => live().map((w) => w.process.pid!), close })
      } else if (started && first)
        writeSystemLine(logger, 'info', 'worker restarted', { worker: worker.id, pid: worker.process.pid })
    })
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) {
        if (live().length === 0) allExited?.()
        return
      }
      writeSystemLine(logger, 'error', 'worker exited', {
        worker: worker.id,
        pid: worker.process.pid,
        code: code ?? undefined,
        signal: signal ?? undefined,
      })
      const lived = Date.now() - (forkedAt.get(worker.id) ?? 0)
      forkedAt.delete(worker.id)
      earlyDeaths = lived < STABLE_MS ? earlyDeaths + 1 : 0
      if (earlyDeaths >= GIVE_UP_AFTER) {
        // workers die right after they start: a replacement would fail the same way
        writeSystemLine(logger, 'error', 'workers keep dying', { deaths: earlyDeaths, withinMs: STABLE_MS })
        stopping = true
        for (const other of live()) other.process.kill('SIGTERM')
        process.exitCode = 1
        if (live().length === 0) process.exit(1)
        cluster.on('exit', () => live().length === 0 && process.exit(1))
        return
      }
      const delayMs = earlyDeaths === 0 ? 0 : restartDelayMs(earlyDeaths)
      writeSystemLine(logger, 'info', 'worker restart', { worker: worker.id, delayMs })
      setTimeout(() => {
        if (!stopping) fork()
      }, delayMs)
    })
    // Issue 8: with node's default round-robin, the primary accepts each connection and passes it to a
    // worker; one passed to a worker that just died is lost and its client waits forever. With
    // SCHED_NONE the workers accept from the shared socket themselves, so a dying worker loses only
    // the connections it already accepted (CL10: the others keep answering). Set before the first fork.
    cluster.schedulingPolicy = cluster.SCHED_NONE
    cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env['NODE_OPTIONS']) })
    for (let i = 0; i < count; i++) fork()
  })
}
