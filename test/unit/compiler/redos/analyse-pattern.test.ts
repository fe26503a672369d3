/**
 * The analyser behind the backtracking warnings: verdicts, the time limit (a pattern that cannot be
 * decided in time is `unknown`, never a hang), repeatable attack strings, and the environment it
 * borrows for its back end restored.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { analysePattern, analysePatternWithin } from '../../../../compiler/redos/analyse-pattern.js'

describe('analysePattern', () => {
  const saved = process.env['RECHECK_SYNC_BACKEND']
  afterEach(() => {
    if (saved === undefined) delete process.env['RECHECK_SYNC_BACKEND']
    else process.env['RECHECK_SYNC_BACKEND'] = saved
  })

  it('finds nested quantifiers exponential, with an attack string: many a, then a character that fails the match', () => {
    const verdict = analysePatternWithin('^(a+)+$', '', 30_000)
    expect(verdict).toMatchObject({ kind: 'vulnerable', complexity: 'exponential' })
    if (verdict.kind !== 'vulnerable') return
    // the attack is a JavaScript expression of string literals and repeat() calls
    expect(verdict.attack).toMatch(/^'a+'( \+ 'a+'\.repeat\(\d+\))+ \+ '[^']+'$/)
    const attack = new Function(`return ${verdict.attack.replace(/\.repeat\(\d+\)/g, '.repeat(3)')}`)() as string
    expect(attack).toMatch(/^a{4,}[^a]/)
    expect(/^(a+)+$/.test(attack)).toBe(false)
  })

  it('finds a trailing \\s+$ quadratic', () => {
    expect(analysePatternWithin('\\s+$', '', 30_000)).toMatchObject({
      kind: 'vulnerable',
      complexity: '2nd degree polynomial',
    })
  })

  it('finds anchored patterns without nested quantifiers safe, bounded repetitions too', () => {
    for (const [source, flags] of [
      ['^[a-z0-9-]+$', ''],
      ['^[a-z0-9-]{1,64}$', 'u'],
      ['^\\d{4}-\\d{2}-\\d{2}$', 'u'],
    ] as const) {
      expect(analysePatternWithin(source, flags, 30_000), source).toEqual({ kind: 'safe' })
    }
  })

  it('gives up with a reason when the time limit passes', () => {
    // back references are decided by fuzzing, which takes far longer than 1 ms
    expect(analysePatternWithin('(a*)*\\1b', '', 1)).toEqual({
      kind: 'unknown',
      reason: 'the analysis took longer than 0.001 s',
    })
  })

  it('gives the same verdict every time (fixed seed) and remembers it', () => {
    const first = analysePattern('(x+x+)+y', '')
    expect(first.kind).toBe('vulnerable')
    expect(analysePatternWithin('(x+x+)+y', '', 30_000)).toEqual(first)
    expect(analysePattern('(x+x+)+y', '')).toBe(first)
  })

  it('runs the pure JavaScript back end and leaves the environment as it was', () => {
    process.env['RECHECK_SYNC_BACKEND'] = 'no-such-backend' // recheck would throw if it read this
    expect(analysePatternWithin('^(b+)+$', '', 30_000).kind).toBe('vulnerable')
    expect(process.env['RECHECK_SYNC_BACKEND']).toBe('no-such-backend')
    delete process.env['RECHECK_SYNC_BACKEND']
    analysePatternWithin('^c$', '', 30_000)
    expect(process.env['RECHECK_SYNC_BACKEND']).toBeUndefined()
  })
})
