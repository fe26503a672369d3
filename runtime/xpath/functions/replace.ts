/**
 * `replace(input, pattern, replacement, flags = '')` (xpath-functions.md FN-replace-1..FN-replace-3,
 * RE-1..RE-5): every non-overlapping match, left to right, empty matches included, is replaced. In
 * the replacement, `$n` and `${n}` (one or two digits, read greedily) insert group n, `$0` the whole
 * match, a group that does not exist or did not take part ""; `\$` is `$`, `\\` is `\`; any other `$`
 * or `\` is literal. An invalid pattern or flag at run time: RW and the input unchanged.
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { regexFor } from './regex.js'

/** A parsed replacement: literal text and group numbers. */
type ReplacementPart = string | number

function parseReplacement(text: string): ReplacementPart[] {
  const parts: ReplacementPart[] = []
  let literal = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const next = text[i + 1]
    if (c === '\\' && (next === '$' || next === '\\')) {
      literal += next
      i++
      continue
    }
    if (c === '$') {
      const group = /^\$(?:(\d\d?)|\{(\d\d?)\})/.exec(text.slice(i))
      if (group) {
        if (literal !== '') parts.push(literal)
        literal = ''
        parts.push(Number(group[1] ?? group[2]))
        i += group[0].length - 1
        continue
      }
    }
    literal += c
  }
  if (literal !== '') parts.push(literal)
  return parts
}

export function xpReplace(call: FunctionCall, input: Value, pattern: Value, replacement: Value, flags?: Value): string {
  const text = toXPathString(input)
  const compiled = regexFor(call, toXPathString(pattern), flags === undefined ? '' : toXPathString(flags), 'g')
  if (!compiled.ok) {
    warn(call, 'replace', `invalid regular expression "${toXPathString(pattern)}": ${compiled.reason}`)
    return text
  }
  const parts = parseReplacement(toXPathString(replacement))
  if (parts.length <= 1 && typeof parts[0] !== 'number') {
    const literal = (parts[0] as string | undefined) ?? ''
    return text.replace(compiled.regex, () => literal)
  }
  return text.replace(compiled.regex, (...match: unknown[]) => {
    // (match, g1, …, gn, offset, input[, groups]): the groups end before the numeric offset
    const end = match.findIndex((m, i) => i > 0 && typeof m === 'number')
    let out = ''
    for (const part of parts) {
      if (typeof part === 'string') out += part
      else if (part < end) out += (match[part] as string | undefined) ?? ''
    }
    return out
  })
}
