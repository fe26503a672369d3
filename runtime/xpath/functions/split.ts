/**
 * `split(subject, pattern?)` (xpath-functions.md FN-split-1..FN-split-4, RE-1..RE-5): without a
 * pattern (or one that converts to "") the subject is cut at runs of whitespace (space, tab, LF, CR,
 * form feed, vertical tab); otherwise at every match of the pattern (only inline flags, RE-3; capture
 * groups add no tokens). Empty tokens are dropped. The tokens are `token` elements, children of one
 * new `tokens` element in a new document (a light tree, light-tree.ts), in order. An invalid pattern
 * at run time: RW and the empty sequence.
 */
import { toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { lightList } from './light-tree.js'
import { regexFor } from './regex.js'

const WHITESPACE_RUN = /[ \t\n\r\f\v]+/

/** The pieces of `text` between the matches of a global regex (empty matches cut between characters). */
function cut(text: string, regex: RegExp): string[] {
  const pieces: string[] = []
  let last = 0
  regex.lastIndex = 0
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    const start = match.index
    const end = start + match[0].length
    if (end === start) {
      // an empty match at the last cut cuts nothing; step past it (a whole code point in Unicode mode)
      regex.lastIndex = end + (regex.unicode && (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1)
      if (start === last || start >= text.length) continue
    }
    pieces.push(text.slice(last, start))
    last = end
  }
  pieces.push(text.slice(last))
  return pieces
}

export function xpSplit(call: FunctionCall, subject: Value, pattern?: Value): Sequence {
  const text = toXPathString(subject)
  const source = pattern === undefined ? '' : toXPathString(pattern)
  let tokens: string[]
  if (source === '') tokens = text.split(WHITESPACE_RUN)
  else {
    const compiled = regexFor(call, source, '', 'g')
    if (!compiled.ok) {
      warn(call, 'split', `invalid regular expression "${source}": ${compiled.reason}`)
      return EMPTY
    }
    tokens = cut(text, compiled.regex)
  }
  return lightList(
    'tokens',
    'token',
    tokens.filter((token) => token !== ''),
  ) as unknown as Sequence
}
