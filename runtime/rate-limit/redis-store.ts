/**
 * Rate-limit state on Redis (rate-limits.md RL7, RL8), shared by every instance and worker that uses
 * the same Redis and prefix: all policies of a check in one script call. While the gateway's Redis
 * connection says Redis is unavailable, the fallback decides (`local`: this process's memory store;
 * `open`: admit; `closed`: refuse).
 */
import { COOL_DOWN_MS, type RedisCommands, type RedisConnection, UNAVAILABLE } from '../store/redis-connection.js'
import { emissionInterval, type LimitCheck, type LimitDecision, type MemoryRateLimiter, stateAfter } from './gcra.js'
import { GCRA_SCRIPT, GCRA_SCRIPT_SHA1 } from './redis-script.js'

export type StoreErrorFallback = 'local' | 'open' | 'closed'

export class RedisRateLimitStore {
  constructor(
    readonly connection: RedisConnection,
    readonly fallback: StoreErrorFallback,
    readonly local: MemoryRateLimiter,
  ) {}

  /** Decides `checks` on Redis (`keys`: each check's Redis key, in order), or by the fallback during an outage. */
  check(checks: readonly LimitCheck[], keys: string[], nowMs: number): LimitDecision | Promise<LimitDecision> {
    const args: string[] = []
    for (const check of checks) {
      const interval = emissionInterval(check)
      args.push(String(interval), String(interval * check.limit))
    }
    // an unexpected reply counts as a failed call, like an error
    const decision = this.connection.call(
      async (callers) => decisionOf(checks, await runScript(callers.text, keys, args)),
      nowMs,
    )
    if (decision === UNAVAILABLE) return this.#fallback(checks, nowMs)
    return decision.then((answer) => (answer === UNAVAILABLE ? this.#fallback(checks, nowMs) : answer))
  }

  #fallback(checks: readonly LimitCheck[], nowMs: number): LimitDecision {
    switch (this.fallback) {
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
}

/** EVALSHA, loading the script with EVAL when Redis does not know it yet (after a restart, a flush). */
async function runScript(client: RedisCommands, keys: string[], args: string[]): Promise<unknown> {
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
