/**
 * Choosing a target among the available ones (upstream.md UP-POOL-3). `round-robin` is nginx's
 * smooth weighted round-robin: each pick adds every candidate's weight to its running score, takes
 * the highest and subtracts the candidates' total from it, so weights 1 and 2 give a b b a b b, not
 * a a b b b b. `least-requests` takes the fewest requests in flight per weight, ties broken by the
 * same round-robin. `hash` is weighted rendezvous hashing: a key keeps its target while that target
 * is available, and only the keys of a target that leaves move.
 */

/** What the balancer reads and keeps of a target. */
export interface Balanced {
  readonly url: string
  readonly weight: number
  /** Requests in flight to the target. */
  readonly inFlight: number
  /** The smooth round-robin's running score (state of the balancer). */
  score: number
}

export function roundRobin<T extends Balanced>(candidates: readonly T[]): T {
  let total = 0
  let best = candidates[0]!
  for (const candidate of candidates) {
    candidate.score += candidate.weight
    total += candidate.weight
    if (candidate.score > best.score) best = candidate
  }
  best.score -= total
  return best
}

export function leastRequests<T extends Balanced>(candidates: readonly T[]): T {
  let least = Infinity
  for (const candidate of candidates) least = Math.min(least, candidate.inFlight / candidate.weight)
  const tied = candidates.filter((candidate) => candidate.inFlight / candidate.weight === least)
  return tied.length === 1 ? tied[0]! : roundRobin(tied)
}

export function rendezvous<T extends Balanced>(candidates: readonly T[], key: string): T {
  let best = candidates[0]!
  let bestScore = -Infinity
  for (const candidate of candidates) {
    // a uniform value in (0, 1) per key and target; weighted by -w / ln(u) (larger is better)
    const unit = (fnv1a(`${candidate.url}\n${key}`) + 0.5) / 4294967296
    const score = -candidate.weight / Math.log(unit)
    if (score > bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return best
}

/** 32-bit FNV-1a over the string's UTF-16 code units, mixed at the end (murmur3's finaliser). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}
