/**
 * Whether a constant regular expression can backtrack super-linearly (issue 14, part 5), decided by
 * `recheck` (automata theory, or fuzzing where that does not apply). recheck is loaded on the first
 * pattern of a build, so builds without one do not pay its load time (about 0.2 s), and it always runs
 * its pure JavaScript implementation in this thread: its native and Java back ends are never started,
 * so a build needs nothing outside Node.js and works offline.
 */
import { createRequire } from 'node:module'

type Recheck = typeof import('recheck')

/** What the analysis says about one pattern. */
export type PatternVerdict =
  | { readonly kind: 'safe' }
  | {
      readonly kind: 'vulnerable'
      /** `exponential`, or `2nd degree polynomial` and so on. */
      readonly complexity: string
      /** A JavaScript expression that builds an attack string, e.g. `'a' + 'a'.repeat(31) + '\x00'`. */
      readonly attack: string
    }
  /** The analysis gave up (time limit, a construct it does not support): nothing is known. */
  | { readonly kind: 'unknown'; readonly reason: string }

/**
 * The most time one pattern may take. Most patterns are decided in a few milliseconds, the first of a
 * process in about 0.3 s (the analyser warms up), those with back references or lookarounds (which only
 * fuzzing decides) in about 1 s; a build with N patterns stays under 2·N seconds even when none of them
 * can be decided.
 */
export const ANALYSIS_TIME_LIMIT_MS = 2000

/**
 * Fuzzing (patterns with large bounded repetitions, back references or lookarounds) with fewer and
 * smaller generations than recheck's defaults (10 iterations of 100, first 500): a safe `^[a-z]{1,64}$`
 * takes about 30 ms instead of 1-2 s, and every vulnerable pattern we tried is still found. The seed is
 * fixed (recheck's default, 0), so the same pattern always gets the same verdict and attack string.
 */
const FUZZING = { maxIteration: 3, maxInitialGenerationSize: 100, maxGenerationSize: 50, randomSeed: 0 } as const

/**
 * Verdicts by flags and source. A verdict depends only on its pattern, so `svc-compile --serve` and an
 * editor that rebuild on every change analyse each pattern once per process; the bound keeps a
 * long-running process from growing with every pattern typed.
 */
const verdicts = new Map<string, PatternVerdict>()
const MAX_REMEMBERED = 2000

let recheck: Recheck | undefined

/** The verdict on the JavaScript pattern `source` compiled with `flags` (as `new RegExp` takes them). */
export function analysePattern(source: string, flags: string): PatternVerdict {
  const key = `${flags}/${source}`
  const known = verdicts.get(key)
  if (known !== undefined) return known
  const verdict = analysePatternWithin(source, flags, ANALYSIS_TIME_LIMIT_MS)
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear()
  verdicts.set(key, verdict)
  return verdict
}

/** The verdict within `timeLimitMs`, not remembered (`analysePattern` uses the standard limit). */
export function analysePatternWithin(source: string, flags: string, timeLimitMs: number): PatternVerdict {
  recheck ??= createRequire(import.meta.url)('recheck') as Recheck
  // checkSync reads its back end from the environment on each call: `pure` is the implementation in
  // this thread (the default would start a worker). Restored at once, so nothing else sees it.
  const previous = process.env['RECHECK_SYNC_BACKEND']
  process.env['RECHECK_SYNC_BACKEND'] = 'pure'
  let result: ReturnType<Recheck['checkSync']>
  try {
    result = recheck.checkSync(source, flags, { ...FUZZING, timeout: timeLimitMs })
  } finally {
    if (previous === undefined) delete process.env['RECHECK_SYNC_BACKEND']
    else process.env['RECHECK_SYNC_BACKEND'] = previous
  }
  switch (result.status) {
    case 'safe':
      return { kind: 'safe' }
    case 'vulnerable':
      return { kind: 'vulnerable', complexity: result.complexity.summary, attack: result.attack.pattern }
    case 'unknown':
      return { kind: 'unknown', reason: unknownReason(result.error, timeLimitMs) }
  }
}

function unknownReason(error: { readonly kind: string; readonly message?: string }, timeLimitMs: number): string {
  if (error.kind === 'timeout') return `the analysis took longer than ${timeLimitMs / 1000} s`
  return error.message === undefined
    ? `the analysis failed (${error.kind})`
    : `the analyser does not support it: ${error.message}`
}
