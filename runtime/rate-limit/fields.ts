/**
 * Rate-limit response header fields (rate-limits.md RL6): `RateLimit-Policy` and `RateLimit` of
 * draft-ietf-httpapi-ratelimit-headers-10 (Structured Field Lists, RFC 9651), or the `X-RateLimit-*`
 * trio that Kong, APISIX and Tyk send. `Retry-After` is the caller's: it belongs on the 429 error.
 */
import type { LimitDecision } from './gcra.js'

/** Which header fields a rate-limited route sends. */
export type RateLimitHeaders = 'ietf' | 'legacy' | 'none'

export interface NamedPolicy {
  /** Printable ASCII (RFC 9651 sf-string); sent quoted. */
  readonly name: string
  /** The name as an sf-string (`namedPolicy` makes it once). */
  readonly quoted: string
  readonly limit: number
  readonly windowSeconds: number
}

/** The largest sf-integer (RFC 9651 section 3.3.1). */
const MAX_SF_INTEGER = 999_999_999_999_999
/** What an sf-string may hold: printable ASCII (RFC 9651 section 3.3.3). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/** A policy as the fields name it. */
export function namedPolicy(name: string, limit: number, windowSeconds: number): NamedPolicy {
  return { name, quoted: sfString(name), limit, windowSeconds }
}

/**
 * The `RateLimit-Policy` value, e.g. `"per-client";q=100;w=60, "daily";q=1000;w=86400`. Constant per
 * route: compute it once at setup. Throws a RangeError for a name or number a Structured Field cannot
 * carry, so a bad configuration fails at start rather than sending a malformed field.
 */
export function policyField(policies: readonly NamedPolicy[]): string {
  return policies
    .map((policy) => {
      if (!PRINTABLE_ASCII.test(policy.name)) throw new RangeError(`policy name is not printable ASCII: ${policy.name}`)
      return `${sfString(policy.name)};q=${sfInteger(policy.limit)};w=${sfInteger(policy.windowSeconds)}`
    })
    .join(', ')
}

/**
 * The header fields for one decision; `policies` and `decision.states` are in the same order and
 * `policyValue` is `policyField(policies)`. The legacy fields describe the policy with the least quota
 * left (the first of equals), the one that refuses first.
 */
export function rateLimitFields(
  mode: RateLimitHeaders,
  policies: readonly NamedPolicy[],
  policyValue: string,
  decision: LimitDecision,
): (readonly [string, string])[] {
  const states = decision.states
  const count = Math.min(policies.length, states.length)
  switch (mode) {
    case 'ietf': {
      let value = ''
      for (let i = 0; i < count; i++) {
        const state = states[i]!
        if (i > 0) value += ', '
        value += `${policies[i]!.quoted};r=${state.remaining};t=${state.resetSeconds}`
      }
      return [
        ['RateLimit-Policy', policyValue],
        ['RateLimit', value],
      ]
    }
    case 'legacy': {
      if (count === 0) return []
      let lowest = 0
      for (let i = 1; i < count; i++) if (states[i]!.remaining < states[lowest]!.remaining) lowest = i
      const state = states[lowest]!
      return [
        ['X-RateLimit-Limit', String(policies[lowest]!.limit)],
        ['X-RateLimit-Remaining', String(state.remaining)],
        ['X-RateLimit-Reset', String(state.resetSeconds)],
      ]
    }
    case 'none':
      return []
  }
}

/** An sf-string: quoted, with `"` and `\` escaped (the name is printable ASCII, checked by policyField). */
function sfString(text: string): string {
  return text.includes('"') || text.includes('\\') ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`
}

function sfInteger(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > MAX_SF_INTEGER)
    throw new RangeError(`not a non-negative Structured Field integer: ${value}`)
  return String(value)
}
