/**
 * Rate-limit state on Redis (rate-limits.md RL7, RL8), shared by every instance and worker that uses
 * the same Redis and prefix. The client (node-redis, `@redis/client`) is loaded only when a gateway is
 * configured for Redis, and connects in the background: the gateway starts whether or not Redis is up.
 *
 * Redis failing never fails a request and never makes every request wait (RL8): a call gets
 * SVC_REDIS_TIMEOUT; a call that times out or fails, or a client that is not connected, starts an
 * outage, during which the fallback decides (`local`: this process's memory store; `open`: admit;
 * `closed`: refuse) and Redis is not asked for a cool-down; then one request at a time probes it.
 * An outage is logged once when it starts and once when it ends (`svc_alert`, topic `redis`); the
 * client reconnects by itself.
 */
import type { Logger } from '../log/logger.js'
import { emissionInterval, type LimitCheck, type LimitDecision, type MemoryRateLimiter, stateAfter } from './gcra.js'
import { GCRA_SCRIPT, GCRA_SCRIPT_SHA1 } from './redis-script.js'

export type StoreErrorFallback = 'local' | 'open' | 'closed'

export interface RedisStoreSettings {
  /** `redis://` or `rediss://`, with user, password and database as the URL gives them; null with a cluster. */
  readonly url: string | null
  /** Redis Cluster nodes (URLs) to discover the cluster from; null for a single server. */
  readonly clusterNodes: readonly string[] | null
  /** Per call, in milliseconds. */
  readonly timeoutMs: number
  readonly fallback: StoreErrorFallback
  /** Called for every failed or timed-out call and every call skipped while disconnected (a metric). */
  readonly onError?: () => void
}

/** Milliseconds Redis is left alone after a failed call before one request probes it again. */
export const COOL_DOWN_MS = 2000

/** What this module uses of a node-redis client. */
interface ScriptClient {
  readonly isReady: boolean
  connect(): Promise<unknown>
  close(): Promise<void>
  /** Drops the connection and stops reconnecting, without waiting. */
  destroy(): void
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  on(event: 'error', listener: (error: Error) => void): unknown
}

export class RedisRateLimitStore {
  #client: ScriptClient | null = null
  #closed = false
  /** Date.now() until which Redis is not asked; 0 while it answers. */
  #coolingUntil = 0
  #inOutage = false
  #probing = false
  readonly #ready: Promise<void>

  constructor(
    readonly settings: RedisStoreSettings,
    readonly local: MemoryRateLimiter,
    readonly logger: Logger,
  ) {
    this.#ready = this.#start()
  }

  async #start(): Promise<void> {
    const { createClient, createCluster } = await import('@redis/client')
    if (this.#closed) return
    const options = {
      // fail at once while disconnected instead of queueing (RL8: no request waits for a reconnect)
      disableOfflineQueue: true,
      // no per-command AbortSignal timer (2-3 % of a request in a profile): #call times the call itself
      commandOptions: { timeout: 0 },
      socket: {
        connectTimeout: Math.max(1000, this.settings.timeoutMs),
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 2000),
      },
    }
    const nodes = this.settings.clusterNodes
    // a cluster routes the script by its first key; the hash tag keeps every key of it in that slot
    const client = (nodes === null
      ? createClient({ url: this.settings.url ?? undefined, ...options })
      : createCluster({ rootNodes: nodes.map((url) => ({ url })), defaults: options })) as unknown as ScriptClient
    // connection errors surface as outages through the calls; the client keeps reconnecting
    client.on('error', () => undefined)
    this.#client = client
    // not awaited: while Redis is unreachable the client keeps trying, and nothing waits for it
    client.connect().catch(() => undefined)
  }

  /** Decides `checks` on Redis, or by the fallback during an outage. */
  check(checks: readonly LimitCheck[], nowMs: number): LimitDecision | Promise<LimitDecision> {
    const client = this.#client
    if (client === null || nowMs < this.#coolingUntil || this.#probing) return this.#fallback(checks, nowMs)
    if (!client.isReady) {
      this.#startOutage('not connected', nowMs)
      return this.#fallback(checks, nowMs)
    }
    if (this.#inOutage) this.#probing = true
    return this.#call(client, checks, nowMs)
  }

  async #call(client: ScriptClient, checks: readonly LimitCheck[], nowMs: number): Promise<LimitDecision> {
    const keys: string[] = []
    const args: string[] = []
    for (const check of checks) {
      const interval = emissionInterval(check)
      keys.push(check.key)
      args.push(String(interval), String(interval * check.limit))
    }
    let timer: NodeJS.Timeout | undefined
    try {
      const reply = await Promise.race([
        runScript(client, keys, args),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
            this.settings.timeoutMs,
          )
        }),
      ])
      const decision = decisionOf(checks, reply)
      this.#endOutage()
      return decision
    } catch (error) {
      this.#startOutage(error instanceof Error ? error.message : String(error), nowMs)
      return this.#fallback(checks, nowMs)
    } finally {
      clearTimeout(timer)
      this.#probing = false
    }
  }

  #fallback(checks: readonly LimitCheck[], nowMs: number): LimitDecision {
    switch (this.settings.fallback) {
      case 'local':
        return this.local.check(checks, nowMs)
      case 'open':
        return { admitted: true, states: checks.map((check) => stateAfter(check, 0, true)), retryAfterSeconds: 0 }
      case 'closed':
        return {
          admitted: false,
          states: checks.map((check) => stateAfter(check, emissionInterval(check) * check.limit, false)),
          retryAfterSeconds: Math.ceil(COOL_DOWN_MS / 1000),
        }
    }
  }

  #startOutage(reason: string, nowMs: number): void {
    this.settings.onError?.()
    this.#coolingUntil = nowMs + COOL_DOWN_MS
    if (this.#inOutage) return
    this.#inOutage = true
    this.logger.write('svc_alert', {
      topic: 'redis',
      message: `Redis unavailable (${reason}); rate limits use the ${this.settings.fallback} fallback`,
      raised: false,
    })
  }

  #endOutage(): void {
    this.#coolingUntil = 0
    if (!this.#inOutage) return
    this.#inOutage = false
    this.logger.write('svc_alert', { topic: 'redis', message: 'Redis available again', raised: false })
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#ready.catch(() => undefined)
    const client = this.#client
    this.#client = null
    if (client?.isReady === true) await client.close().catch(() => undefined)
    else client?.destroy()
  }
}

/** EVALSHA, loading the script with EVAL when Redis does not know it yet (after a restart, a flush). */
async function runScript(client: ScriptClient, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(GCRA_SCRIPT_SHA1, { keys, arguments: args })
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error
    return client.eval(GCRA_SCRIPT, { keys, arguments: args })
  }
}

function decisionOf(checks: readonly LimitCheck[], reply: unknown): LimitDecision {
  if (!Array.isArray(reply) || reply.length !== checks.length + 2) throw new Error('unexpected script reply')
  const admitted = Number(reply[0]) === 1
  const states = checks.map((check, i) => stateAfter(check, Number(reply[i + 2]), admitted))
  const retryAfterSeconds = admitted ? 0 : Math.max(1, Math.ceil(Number(reply[1]) / 1_000_000))
  return { admitted, states, retryAfterSeconds }
}
