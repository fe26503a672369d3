/**
 * Violation entries of `$error/info` (validation.md VA32-VA35): `<Keyword> constraint violated in
 * <location> for <name>: <detail>`, quoted values cut to 100 code points plus `...` with line breaks
 * turned into spaces (VA34, errors.md X13), secret values never quoted (`'***'`), and at most 20
 * entries, the 20th saying how many more there were (VA35).
 */
import { oneLine } from '../errors/raised-error.js'

export type ViolationLocation = 'path' | 'query' | 'header' | 'formData' | 'body'

/** The most entries one error carries (VA35). */
export const MAX_INFO_ENTRIES = 20
const MAX_QUOTED = 100

/** One violation entry. */
export function violation(keyword: string, location: ViolationLocation, name: string, detail: string): string {
  return `${keyword} constraint violated in ${location} for ${name}: ${detail}`
}

/** `'value'` as VA34 quotes it; `'***'` for a secret. */
export function quote(value: string, secret = false): string {
  if (secret) return `'***'`
  let text = value
  if (text.length > MAX_QUOTED) {
    const points = Array.from(text)
    if (points.length > MAX_QUOTED) text = points.slice(0, MAX_QUOTED).join('') + '...'
  }
  return `'${oneLine(text)}'`
}

/** VA35: the first 19 entries and `... and <N - 19> more violations` when there are more than 20. */
export function limitEntries(entries: readonly string[], max = MAX_INFO_ENTRIES): string[] {
  if (entries.length <= max) return [...entries]
  const kept = entries.slice(0, max - 1)
  kept.push(`... and ${entries.length - (max - 1)} more violations`)
  return kept
}
