/**
 * The pools of a build (`src/upstream-pools.ts`, upstream.md UP-POOL-1) and of a running gateway:
 * targets listed in the definition or read from the environment at start (an unset, empty or invalid
 * list stops the start, operations.md CF3), which URL goes to which pool (UP-POOL-2), and the active
 * health checks, stopped when the gateway closes.
 */
import { ConfigError, type Environment } from '../../http/config.js'
import type { Logger } from '../../log/logger.js'
import type { TrustedProxies } from '../../request-key/trusted-proxies.js'
import type { TargetUrl } from '../target-url.js'
import type { CircuitBreaker } from './breaker.js'
import { ActiveHealthCheck } from './health-check.js'
import { parsePoolTargetUrl } from './names.js'
import { UpstreamPool } from './pool.js'
import type { PoolTargetSpec, UpstreamPoolSpec } from './spec.js'

export class UpstreamPoolTable {
  constructor(readonly specs: readonly UpstreamPoolSpec[]) {}

  /** The pools of one gateway; throws ConfigError for a target list in the environment that is not one. */
  instantiate(env: Environment, logger: Logger, trustedProxies: TrustedProxies): UpstreamPools {
    return new UpstreamPools(
      this.specs.map((spec) => new UpstreamPool(spec, targetsOf(spec, env), logger, trustedProxies)),
    )
  }
}

/** What generated `src/upstream-pools.ts` calls. */
export function defineUpstreamPools(specs: readonly UpstreamPoolSpec[]): UpstreamPoolTable {
  return new UpstreamPoolTable(specs)
}

export class UpstreamPools {
  readonly #byName = new Map<string, UpstreamPool>()
  readonly #checks: ActiveHealthCheck[] = []

  constructor(pools: readonly UpstreamPool[]) {
    for (const pool of pools) {
      this.#byName.set(pool.name, pool)
      if (pool.spec.healthCheck !== null) this.#checks.push(new ActiveHealthCheck(pool, pool.spec.healthCheck))
    }
  }

  /** The pool a URL goes to: its host is a pool's name, without a port (UP-POOL-2). */
  forUrl(url: TargetUrl): UpstreamPool | undefined {
    return url.host === url.hostname ? this.#byName.get(url.hostname) : undefined
  }

  /** Every target of every pool with its breaker (operations.md HL4). */
  *targets(): Iterable<{ readonly url: string; readonly breaker: CircuitBreaker | null }> {
    for (const pool of this.#byName.values()) yield* pool.targets
  }

  close(): void {
    for (const check of this.#checks) check.stop()
  }
}

function targetsOf(spec: UpstreamPoolSpec, env: Environment): readonly PoolTargetSpec[] {
  if (!('env' in spec.targets)) return spec.targets
  const name = spec.targets.env
  const value = env[name] ?? ''
  const expected = `comma-separated target URLs (http://host:port) for pool ${spec.name}`
  const urls = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  if (urls.length === 0) throw new ConfigError(name, value, expected)
  const targets: PoolTargetSpec[] = []
  for (const text of urls) {
    const parsed = parsePoolTargetUrl(text)
    if (!parsed.ok) throw new ConfigError(name, value, `${expected}: ${parsed.reason}`)
    if (targets.some((target) => target.url === parsed.url))
      throw new ConfigError(name, value, `${expected}: ${parsed.url} is listed twice`)
    targets.push({ url: parsed.url, weight: 1 })
  }
  return targets
}
