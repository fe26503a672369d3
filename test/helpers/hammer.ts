/**
 * Keeps `concurrency` clients asking for `seconds` (each sends its next request when the previous one
 * answered), spread over `urls` in turn, and counts the answers: what rate-limit accuracy tests need.
 */
import { send } from './http.js'

export interface HammerResult {
  readonly admitted: number
  readonly refused: number
  readonly other: number
  /** Milliseconds from the first request sent to the last answer received. */
  readonly elapsedMs: number
}

export async function hammer(
  urls: readonly string[],
  path: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency: number,
): Promise<HammerResult> {
  let admitted = 0
  let refused = 0
  let other = 0
  let turn = 0
  const started = performance.now()
  const until = started + seconds * 1000
  const client = async (): Promise<void> => {
    while (performance.now() < until) {
      const status = (await send(urls[turn++ % urls.length]!, { path, headers })).status
      if (status === 200) admitted++
      else if (status === 429) refused++
      else other++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  return { admitted, refused, other, elapsedMs: performance.now() - started }
}

/**
 * What GCRA admits to clients that never stop asking: `limit` at once, then one every `window / limit`
 * seconds, over `elapsedMs` (RL5).
 */
export function expectedAdmitted(limit: number, windowSeconds: number, elapsedMs: number): number {
  return limit + Math.floor(elapsedMs / ((windowSeconds * 1000) / limit))
}
