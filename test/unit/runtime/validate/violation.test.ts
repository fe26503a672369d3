/** validation.md VA32, VA34, VA35: entry format, quoting, the 20-entry limit. */
import { describe, expect, it } from 'vitest'

import { limitEntries, quote, violation } from '../../../../runtime/validate/violation.js'

describe('violation entries', () => {
  it('VA32: <Keyword> constraint violated in <location> for <name>: <detail>', () => {
    expect(violation('Type', 'query', 'limit', "'ten' is not an integer")).toBe(
      "Type constraint violated in query for limit: 'ten' is not an integer",
    )
  })

  it('VA34: values longer than 100 code points are cut and end in ...', () => {
    const long = '😀'.repeat(101)
    expect(quote(long)).toBe(`'${'😀'.repeat(100)}...'`)
    expect(quote('😀'.repeat(100))).toBe(`'${'😀'.repeat(100)}'`)
  })

  it('VA34, X13: line breaks in quoted values become spaces', () => {
    expect(quote('a\r\nb\nc\rd\u2028e')).toBe("'a b c d e'")
  })

  it('VA34: secret values are never quoted', () => {
    expect(quote('Bearer abc', true)).toBe("'***'")
  })

  it('VA35: up to 20 entries are kept as they are', () => {
    const entries = Array.from({ length: 20 }, (_, i) => `e${i}`)
    expect(limitEntries(entries)).toEqual(entries)
  })

  it('VA35: more than 20: the first 19 and "... and <N - 19> more violations"', () => {
    const entries = Array.from({ length: 25 }, (_, i) => `e${i}`)
    const limited = limitEntries(entries)
    expect(limited).toHaveLength(20)
    expect(limited.slice(0, 19)).toEqual(entries.slice(0, 19))
    expect(limited[19]).toBe('... and 6 more violations')
  })
})
