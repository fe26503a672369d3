/**
 * The circuit breaker of one target (upstream.md UP-POOL-4): closed while it answers; open for a
 * cool-down after `failures` consecutive failures, the cool-down doubling with each further ejection
 * up to `max-cool-down` (and starting over once the target stayed in that long); then one trial
 * request, whose success closes it and whose failure opens it again. Times are Date.now()
 * milliseconds, passed in so that tests drive the clock.
 */
import type { BreakerSpec } from './spec.js'

export type BreakerChange = 'opened' | 'closed'

export class CircuitBreaker {
  #failures = 0
  /** Ejections in a row (the cool-down doubles with each); reset after a long enough healthy spell. */
  #ejections = 0
  /** While open: when the cool-down ends; 0 while closed. */
  #openUntil = 0
  /** When the target came back (to forget old ejections). */
  #closedAt = 0
  #trialRunning = false
  #ejectedTotal = 0

  constructor(
    readonly spec: BreakerSpec,
    /** Called when the breaker opens or closes (one `svc_alert` each). */
    readonly onChange: (change: BreakerChange, coolDownSeconds: number) => void = () => undefined,
  ) {}

  get open(): boolean {
    return this.#openUntil !== 0
  }

  /** Times the breaker opened since the start (operations.md HL4 `svc_upstream_breaker_ejections_total`). */
  get ejectedTotal(): number {
    return this.#ejectedTotal
  }

  /** `yes`: closed; `trial`: its cool-down is over and no trial runs; `no`: open, or its trial runs. */
  state(now: number): 'yes' | 'trial' | 'no' {
    if (this.#openUntil === 0) return 'yes'
    return now >= this.#openUntil && !this.#trialRunning ? 'trial' : 'no'
  }

  /** The request about to go to the target is its trial. */
  startTrial(): void {
    this.#trialRunning = true
  }

  success(now: number): void {
    this.#failures = 0
    this.#trialRunning = false
    if (this.#openUntil === 0) return
    this.#openUntil = 0
    this.#closedAt = now
    this.onChange('closed', 0)
  }

  failure(now: number): void {
    const wasTrial = this.#trialRunning
    this.#trialRunning = false
    if (this.#openUntil !== 0) {
      // a failed trial opens it again; answers of requests sent before it opened change nothing
      if (wasTrial) this.#eject(now)
      return
    }
    this.#failures++
    if (this.#failures >= this.spec.failures) this.#eject(now)
  }

  /** The trial ended without a verdict (the client went away): another request may try. */
  abandonTrial(): void {
    this.#trialRunning = false
  }

  /** Marks the target as back (an active health check), whatever its state. */
  restore(now: number): void {
    this.#trialRunning = false
    this.success(now)
  }

  #eject(now: number): void {
    if (this.#ejections > 0 && this.#openUntil === 0 && now - this.#closedAt >= this.spec.maxCoolDown * 1000)
      this.#ejections = 0
    this.#ejections++
    this.#ejectedTotal++
    this.#failures = 0
    const seconds = Math.min(this.spec.coolDown * 2 ** (this.#ejections - 1), this.spec.maxCoolDown)
    const wasOpen = this.#openUntil !== 0
    this.#openUntil = now + seconds * 1000
    if (!wasOpen) this.onChange('opened', seconds)
  }
}
