/**
 * The gateway's one connection to Redis (rate-limits.md RL7, RL8; upstream.md UP-CACHE-8), shared by
 * the rate limiter and the upstream response cache. The client (node-redis, `@redis/client`) is
 * loaded only when a gateway is configured for Redis, and connects in the background: the gateway
 * starts whether or not Redis is up.
 *
 * Redis failing never fails a request and never makes every request wait (RL8): a call gets
 * SVC_REDIS_TIMEOUT; a call that times out or fails, or a client that is not connected, starts an
 * outage, during which callers are told Redis is unavailable (and use their fallback) without asking
 * it, for a cool-down; then one request at a time probes it. An outage is logged once when it starts
 * and once when it ends (`svc_alert`, topic `redis`); the client reconnects by itself.
 */
import type { Logger } from '../log/logger.js'

export interface RedisSettings {
  /** `redis://` or `rediss://`, with user, password and database as the URL gives them; null with a cluster. */
  readonly url: string | null
  /** Redis Cluster nodes (URLs) to discover the cluster from; null for a single server. */
  readonly clusterNodes: readonly string[] | null
  /** Per call, in milliseconds. */
  readonly timeoutMs: number
  /** What the gateway does while Redis is unavailable, for the outage alert. */
  readonly fallbackText: string
  /** Called for every failed or timed-out call and every call skipped while disconnected (a metric). */
  readonly onError?: () => void
}

/** Milliseconds Redis is left alone after a failed call before one request probes it again. */
export const COOL_DOWN_MS = 2000

/** What the gateway uses of a node-redis client (or cluster), bulk strings read as text. */
export interface RedisCommands {
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  set(key: string, value: Buffer, options: { expiration: { type: 'PX'; value: number } }): Promise<unknown>
  del(key: string): Promise<unknown>
}

/** The same connection with bulk strings read as bytes (cached responses). */
export interface RedisBinaryCommands {
  get(key: string): Promise<Buffer | null>
}

interface RedisClient extends RedisCommands {
  readonly isReady: boolean
  connect(): Promise<unknown>
  close(): Promise<void>
  /** Drops the connection and stops reconnecting, without waiting. */
  destroy(): void
  on(event: 'error', listener: (error: Error) => void): unknown
  withTypeMapping(mapping: Record<number, unknown>): RedisBinaryCommands
}

/** The clients of one connection: text replies and byte replies. */
export interface RedisCallers {
  readonly text: RedisCommands
  readonly bytes: RedisBinaryCommands
}

/** The answer of a call that was not made, or failed: the caller's fallback decides. */
export const UNAVAILABLE = Symbol('Redis unavailable')

export class RedisConnection {
  #client: RedisClient | null = null
  #callers: RedisCallers | null = null
  #closed = false
  /** Date.now() until which Redis is not asked; 0 while it answers. */
  #coolingUntil = 0
  #inOutage = false
  #probing = false
  #answered = false
  readonly #ready: Promise<void>

  constructor(
    readonly settings: RedisSettings,
    readonly logger: Logger,
  ) {
    this.#ready = this.#start()
  }

  async #start(): Promise<void> {
    const { createClient, createCluster, RESP_TYPES } = await import('@redis/client')
    if (this.#closed) return
    const options = {
      // fail at once while disconnected instead of queueing (RL8: no request waits for a reconnect)
      disableOfflineQueue: true,
      // no per-command AbortSignal timer (2-3 % of a request in a profile): #timed times the call itself
      commandOptions: { timeout: 0 },
      socket: {
        connectTimeout: Math.max(1000, this.settings.timeoutMs),
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 5), 2000),
      },
    }
    const nodes = this.settings.clusterNodes
    const client = (nodes === null
      ? createClient({ url: this.settings.url ?? undefined, ...options })
      : createCluster({ rootNodes: nodes.map((url) => ({ url })), defaults: options })) as unknown as RedisClient
    // connection errors surface as outages through the calls; the client keeps reconnecting
    client.on('error', () => undefined)
    this.#client = client
    this.#callers = { text: client, bytes: client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }) }
    // not awaited: while Redis is unreachable the client keeps trying, and nothing waits for it
    // readiness (operations.md HL5): the store answered once (connected, authenticated, database chosen)
    client.connect().then(
      () => void (this.#answered = true),
      () => undefined,
    )
  }

  /** Whether Redis answered at least once since the start (operations.md HL5). */
  get answered(): boolean {
    return this.#answered
  }

  /**
   * Runs `call` within SVC_REDIS_TIMEOUT. UNAVAILABLE, returned at once, when Redis may not be asked
   * now (not loaded or connected yet, cooling down, or another request is probing it); resolves to
   * UNAVAILABLE when the call fails or times out.
   */
  call<T>(
    run: (callers: RedisCallers) => Promise<T>,
    nowMs: number,
  ): Promise<T | typeof UNAVAILABLE> | typeof UNAVAILABLE {
    const client = this.#client
    const callers = this.#callers
    if (client === null || callers === null || nowMs < this.#coolingUntil || this.#probing) return UNAVAILABLE
    if (!client.isReady) {
      this.#startOutage('not connected', nowMs)
      return UNAVAILABLE
    }
    if (this.#inOutage) this.#probing = true
    return this.#timed(run(callers), nowMs)
  }

  async #timed<T>(pending: Promise<T>, nowMs: number): Promise<T | typeof UNAVAILABLE> {
    let timer: NodeJS.Timeout | undefined
    try {
      const reply = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
            this.settings.timeoutMs,
          )
        }),
      ])
      this.#endOutage()
      return reply
    } catch (error) {
      // a late answer or failure of the abandoned call is of no interest
      pending.catch(() => undefined)
      this.#startOutage(error instanceof Error ? error.message : String(error), nowMs)
      return UNAVAILABLE
    } finally {
      clearTimeout(timer)
      this.#probing = false
    }
  }

  #startOutage(reason: string, nowMs: number): void {
    this.settings.onError?.()
    this.#coolingUntil = nowMs + COOL_DOWN_MS
    if (this.#inOutage) return
    this.#inOutage = true
    this.logger.write('svc_alert', {
      topic: 'redis',
      message: `Redis unavailable (${reason}); ${this.settings.fallbackText}`,
      raised: false,
    })
  }

  #endOutage(): void {
    this.#answered = true
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
    this.#callers = null
    if (client?.isReady === true) await client.close().catch(() => undefined)
    else client?.destroy()
  }
}
