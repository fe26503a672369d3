/**
 * Active health checks of a pool (upstream.md UP-POOL-4): every `interval` seconds, `GET <path>` to
 * each target with `timeout` seconds; `unhealthy` failed checks in a row (a transport failure, a
 * timeout, a status outside 200-399) take a target out, `healthy` good ones in a row bring it back,
 * whatever its breaker says. The checks run on their own connections (never pooled with requests)
 * and their timer does not keep the process alive.
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

import type { PoolTarget, UpstreamPool } from './pool.js'
import type { HealthCheckSpec } from './spec.js'

interface Streak {
  good: number
  bad: number
}

export class ActiveHealthCheck {
  readonly #timer: NodeJS.Timeout
  readonly #streaks = new Map<PoolTarget, Streak>()
  #running = false

  constructor(
    readonly pool: UpstreamPool,
    readonly spec: HealthCheckSpec,
  ) {
    for (const target of pool.targets) this.#streaks.set(target, { good: 0, bad: 0 })
    this.#timer = setInterval(() => void this.#round(), spec.interval * 1000)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
  }

  async #round(): Promise<void> {
    // a round still waiting for its timeouts is not overlapped by the next one
    if (this.#running) return
    this.#running = true
    try {
      await Promise.all(this.pool.targets.map(async (target) => this.#record(target, await this.#probe(target))))
    } finally {
      this.#running = false
    }
  }

  #record(target: PoolTarget, good: boolean): void {
    const streak = this.#streaks.get(target)!
    if (good) {
      streak.good++
      streak.bad = 0
      if (streak.good >= this.spec.healthy && (!target.checkedHealthy || target.breaker?.open === true)) {
        target.checkedHealthy = true
        target.breaker?.restore(Date.now())
        this.pool.alert(`target ${target.url} of pool ${this.pool.name} passed its health checks and is back`)
      }
    } else {
      streak.bad++
      streak.good = 0
      if (streak.bad >= this.spec.unhealthy && target.checkedHealthy) {
        target.checkedHealthy = false
        this.pool.alert(`target ${target.url} of pool ${this.pool.name} failed its health checks and is out`)
      }
    }
  }

  #probe(target: PoolTarget): Promise<boolean> {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise((resolve) => {
      const request = send(
        {
          host: target.hostname,
          port: target.port,
          path: this.spec.path,
          method: 'GET',
          headers: { Host: target.host, 'User-Agent': 'svc-gateway health check' },
          agent: false,
          timeout: this.spec.timeout * 1000,
        },
        (response) => {
          response.resume()
          const status = response.statusCode ?? 0
          resolve(status >= 200 && status < 400)
        },
      )
      request.on('timeout', () => request.destroy(new Error('health check timed out')))
      request.on('error', () => resolve(false))
      request.end()
    })
  }
}
